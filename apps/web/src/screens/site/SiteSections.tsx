import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { useOrganizationSpaces } from '../organization/collections.js';

/**
 * A site's sections, the tabs readers switch between (each publishing a space), in reading
 * order: a new one from a space, deleting one.
 */
export function SiteSections({
  organizationId,
  siteId,
}: {
  organizationId: string;
  siteId: string;
}) {
  const path = { organizationId, siteId };
  const queries = useQueryClient();
  const spaces = useOrganizationSpaces(organizationId);
  const [spaceId, setSpaceId] = useState('');
  const [title, setTitle] = useState('');
  const sections = useQuery({
    queryKey: ['site-sections', siteId],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/sites/{siteId}/sections', {
        params: { path, query: { limit: 100 } },
      }),
  });
  // A section moves site spaces: the site's list of them changes too.
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['site-sections', siteId] }),
      queries.invalidateQueries({ queryKey: ['site-spaces', siteId] }),
    ]);
  const add = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
        params: { path },
        body: { spaceId, title: title.trim() },
      }),
    onSuccess: () => {
      setSpaceId('');
      setTitle('');
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (siteSectionId: string) =>
      api.DELETE('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
        params: { path: { ...path, siteSectionId } },
      }),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (spaceId !== '' && title.trim() !== '') add.mutate();
  };
  const failure = add.error ?? remove.error;
  return (
    <>
      <h2>Sections</h2>
      {sections.data?.items.length === 0 ? (
        <p className="muted">No sections: the site shows its spaces as one.</p>
      ) : null}
      <ul className="cards">
        {sections.data?.items.map((section) => (
          <li key={section.id}>
            {section.title} <span className="muted">/{section.path}</span>
            {section.default ? <strong> default</strong> : null}
            {section.draft ? <span className="muted"> draft</span> : null}{' '}
            <button
              type="button"
              disabled={remove.isPending}
              aria-label={`Delete section ${section.title}`}
              onClick={() => remove.mutate(section.id)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="section-title">New section</label>
        <input
          id="section-title"
          value={title}
          placeholder="Title"
          onChange={(event) => setTitle(event.target.value)}
        />
        <label htmlFor="section-space">publishing</label>
        <select
          id="section-space"
          value={spaceId}
          onChange={(event) => setSpaceId(event.target.value)}
        >
          <option value="">Choose a space…</option>
          {spaces.data?.map((space) => (
            <option key={space.id} value={space.id}>
              {space.title}
            </option>
          ))}
        </select>
        <button type="submit" disabled={add.isPending}>
          Add section
        </button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </>
  );
}
