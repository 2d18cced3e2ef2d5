/** The `localStorage` key holding the reader's chosen theme. */
export const THEME_STORAGE_KEY = 'quire-theme';

/** The id of the theme toggle button the script wires up. */
export const THEME_TOGGLE_ID = 'theme-toggle';

/**
 * The theme script. It runs in `<head>`, before the page paints, so a chosen theme never
 * flashes the other one. It keeps `<picture>` sources, whose media queries only see the
 * system's preference, in step with the theme on `<html>`; and when readers may switch, it
 * applies their stored choice and reveals the toggle button (hidden without a script, as it
 * could do nothing then).
 *
 * @example
 * <script dangerouslySetInnerHTML={{ __html: themeScript(true) }} />
 */
export function themeScript(toggleable: boolean): string {
  return `(() => {
  const root = document.documentElement;
  const key = ${JSON.stringify(THEME_STORAGE_KEY)};
  const system = matchMedia('(prefers-color-scheme: dark)');
  if (${toggleable}) {
    try {
      const stored = localStorage.getItem(key);
      if (stored === 'light' || stored === 'dark') root.dataset.theme = stored;
    } catch {}
  }
  const isDark = () => (root.dataset.theme ? root.dataset.theme === 'dark' : system.matches);
  const syncPictures = () => {
    for (const source of document.querySelectorAll('source[data-media], source[media*="prefers-color-scheme"]')) {
      source.dataset.media ??= source.media;
      const theme = root.dataset.theme;
      const target = source.dataset.media.includes('dark') ? 'dark' : 'light';
      source.media = theme ? (theme === target ? 'all' : 'not all') : source.dataset.media;
    }
  };
  addEventListener('DOMContentLoaded', () => {
    syncPictures();
    const button = document.getElementById(${JSON.stringify(THEME_TOGGLE_ID)});
    if (!button) return;
    const show = () => button.setAttribute('aria-pressed', String(isDark()));
    button.hidden = false;
    show();
    system.addEventListener('change', show);
    button.addEventListener('click', () => {
      root.dataset.theme = isDark() ? 'light' : 'dark';
      try {
        localStorage.setItem(key, root.dataset.theme);
      } catch {}
      show();
      syncPictures();
    });
  });
})();`;
}
