import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api.js';

type Customization = components['schemas']['SiteCustomizationSettings'];
type Theme = NonNullable<NonNullable<Customization['styling']>['theme']>;
type AnnouncementStyle = NonNullable<NonNullable<Customization['announcement']>['style']>;
type StartingTheme = 'system' | 'light' | 'dark';

const themes: readonly Theme[] = ['clean', 'muted', 'bold', 'gradient'];
const announcementStyles: readonly AnnouncementStyle[] = ['info', 'warning', 'danger', 'success'];

/** The settings of a site's look this screen changes; the rest of its customization is kept. */
interface Look {
  theme: Theme;
  primaryLight: string;
  primaryDark: string;
  startingTheme: StartingTheme;
  announcementOn: boolean;
  announcement: string;
  announcementStyle: AnnouncementStyle;
}

function lookOf(customization: Customization): Look {
  return {
    theme: customization.styling?.theme ?? 'clean',
    primaryLight: customization.styling?.primaryColor?.light ?? '#346ddb',
    primaryDark: customization.styling?.primaryColor?.dark ?? '#346ddb',
    startingTheme: customization.themes?.default ?? 'system',
    announcementOn: customization.announcement?.enabled ?? false,
    announcement: customization.announcement?.message ?? '',
    announcementStyle: customization.announcement?.style ?? 'info',
  };
}

/** Every setting as read, with the look changed: the API replaces a customization whole. */
function withLook(settings: Customization, look: Look): Customization {
  return {
    ...settings,
    styling: {
      ...settings.styling,
      theme: look.theme,
      primaryColor: { light: look.primaryLight, dark: look.primaryDark },
    },
    themes: { ...settings.themes, default: look.startingTheme },
    announcement: {
      ...settings.announcement,
      enabled: look.announcementOn,
      message: look.announcement,
      style: look.announcementStyle,
    },
  };
}

/** How a site looks to readers: its theme, colour, the theme they start in, an announcement. */
export function SiteLook({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const path = { organizationId, siteId };
  const queries = useQueryClient();
  const customization = useQuery({
    queryKey: ['site-customization', siteId],
    // A read answers every setting in the shape a write takes; the generated read type, an
    // intersection with the defaults it guarantees, loses that for the compiler.
    queryFn: async () =>
      (await api.GET('/orgs/{organizationId}/sites/{siteId}/customization', {
        params: { path },
      })) as unknown as Customization,
  });
  const [look, setLook] = useState<Look | undefined>();
  useEffect(() => {
    if (customization.data !== undefined) setLook(lookOf(customization.data));
  }, [customization.data]);
  const save = useMutation({
    mutationFn: (current: Customization) =>
      api.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
        params: { path },
        body: withLook(current, look ?? lookOf(current)),
      }),
    onSuccess: (saved) =>
      queries.setQueryData(['site-customization', siteId], saved as unknown as Customization),
  });
  if (customization.data === undefined || look === undefined) return null;
  const current = customization.data;
  const set = (change: Partial<Look>) => setLook({ ...look, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(current);
  };
  return (
    <>
      <h2>Look</h2>
      <form className="stacked-form" onSubmit={submit}>
        <label htmlFor="site-theme">Theme</label>
        <select
          id="site-theme"
          value={look.theme}
          onChange={(event) => set({ theme: event.target.value as Theme })}
        >
          {themes.map((theme) => (
            <option key={theme} value={theme}>
              {theme}
            </option>
          ))}
        </select>
        <label htmlFor="site-primary-light">Primary colour, light</label>
        <input
          id="site-primary-light"
          type="color"
          value={look.primaryLight}
          onChange={(event) => set({ primaryLight: event.target.value })}
        />
        <label htmlFor="site-primary-dark">Primary colour, dark</label>
        <input
          id="site-primary-dark"
          type="color"
          value={look.primaryDark}
          onChange={(event) => set({ primaryDark: event.target.value })}
        />
        <label htmlFor="site-starting-theme">Readers start in</label>
        <select
          id="site-starting-theme"
          value={look.startingTheme}
          onChange={(event) => set({ startingTheme: event.target.value as StartingTheme })}
        >
          <option value="system">their system's theme</option>
          <option value="light">light</option>
          <option value="dark">dark</option>
        </select>
        <label>
          <input
            type="checkbox"
            checked={look.announcementOn}
            onChange={(event) => set({ announcementOn: event.target.checked })}
          />{' '}
          Show an announcement
        </label>
        <label htmlFor="site-announcement">Announcement</label>
        <input
          id="site-announcement"
          maxLength={512}
          value={look.announcement}
          onChange={(event) => set({ announcement: event.target.value })}
        />
        <label htmlFor="site-announcement-style">Announcement style</label>
        <select
          id="site-announcement-style"
          value={look.announcementStyle}
          onChange={(event) => set({ announcementStyle: event.target.value as AnnouncementStyle })}
        >
          {announcementStyles.map((style) => (
            <option key={style} value={style}>
              {style}
            </option>
          ))}
        </select>
        <button type="submit" disabled={save.isPending}>
          Save the look
        </button>
      </form>
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      {save.error === null ? null : <p role="alert">{errorMessage(save.error)}</p>}
    </>
  );
}
