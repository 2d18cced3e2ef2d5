import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.js';

/**
 * The share links of a site read by share link: each one's address (which carries its secret),
 * turning one off and on, a new one, deleting one.
 */
export function ShareLinks({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const path = { organizationId, siteId };
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const links = useQuery({
    queryKey: ['share-links', siteId],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/sites/{siteId}/share-links', {
        params: { path, query: { limit: 100 } },
      }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['share-links', siteId] });
  const create = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
        params: { path },
        body: { name: name.trim() },
      }),
    onSuccess: () => setName(''),
    onSettled: refresh,
  });
  const setActive = useMutation({
    mutationFn: ({ shareLinkId, active }: { shareLinkId: string; active: boolean }) =>
      api.PATCH('/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', {
        params: { path: { ...path, shareLinkId } },
        body: { active },
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (shareLinkId: string) =>
      api.DELETE('/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', {
        params: { path: { ...path, shareLinkId } },
      }),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') create.mutate();
  };
  const failure = create.error ?? setActive.error ?? remove.error;
  return (
    <>
      <h2>Share links</h2>
      <p className="muted">Whoever has a link reads the site, until the link is off or deleted.</p>
      <ul className="invite-links">
        {links.data?.items.map((link) => {
          const label = link.name ?? 'Unnamed link';
          return (
            <li key={link.id}>
              <input
                readOnly
                aria-label={`Share link ${label}`}
                value={link.urls.published ?? ''}
                onFocus={(event) => event.currentTarget.select()}
              />{' '}
              <span className="muted">{link.active ? 'on' : 'off'}</span>{' '}
              <button
                type="button"
                disabled={setActive.isPending}
                aria-label={`${link.active ? 'Turn off' : 'Turn on'} ${label}`}
                onClick={() => setActive.mutate({ shareLinkId: link.id, active: !link.active })}
              >
                {link.active ? 'Turn off' : 'Turn on'}
              </button>{' '}
              <button
                type="button"
                disabled={remove.isPending}
                aria-label={`Delete ${label}`}
                onClick={() => remove.mutate(link.id)}
              >
                Delete
              </button>
            </li>
          );
        })}
      </ul>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="share-link-name">New share link, for</label>
        <input
          id="share-link-name"
          value={name}
          placeholder="Who it is for"
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" disabled={create.isPending}>
          Create share link
        </button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </>
  );
}
