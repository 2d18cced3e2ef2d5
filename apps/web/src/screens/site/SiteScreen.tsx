import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { useOrganizationSpaces } from '../organization/collections.js';
import { ShareLinks } from './ShareLinks.js';
import { SiteLook } from './SiteLook.js';
import { SiteSections } from './SiteSections.js';

type Visibility = components['schemas']['SiteVisibility'];
const visibilities: readonly Visibility[] = ['public', 'unlisted', 'share-link', 'visitor-auth'];

/**
 * A site: who may read it (and its share links), the spaces and sections it publishes, how it
 * looks, publishing and unpublishing.
 */
export function SiteScreen({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const path = { organizationId, siteId };
  const queries = useQueryClient();
  const [spaceToAdd, setSpaceToAdd] = useState('');
  const site = useQuery({
    queryKey: ['site', siteId],
    queryFn: () => api.GET('/orgs/{organizationId}/sites/{siteId}', { params: { path } }),
  });
  const siteSpaces = useQuery({
    queryKey: ['site-spaces', siteId],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/sites/{siteId}/site-spaces', { params: { path } }),
  });
  const spaces = useOrganizationSpaces(organizationId);
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['site', siteId] }),
      queries.invalidateQueries({ queryKey: ['site-spaces', siteId] }),
    ]);
  const setVisibility = useMutation({
    mutationFn: (visibility: Visibility) =>
      api.PATCH('/orgs/{organizationId}/sites/{siteId}', {
        params: { path },
        body: { visibility },
      }),
    onSuccess: refresh,
  });
  const publish = useMutation({
    mutationFn: (live: boolean) =>
      live
        ? api.POST('/orgs/{organizationId}/sites/{siteId}/publish', { params: { path } })
        : api.POST('/orgs/{organizationId}/sites/{siteId}/unpublish', { params: { path } }),
    onSuccess: refresh,
  });
  const addSpace = useMutation({
    mutationFn: (spaceId: string) =>
      api.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
        params: { path },
        body: { spaceId },
      }),
    onSuccess: refresh,
  });
  const failure = setVisibility.error ?? publish.error ?? addSpace.error;
  const data = site.data;
  if (data === undefined) return <p className="loading">Loading…</p>;
  return (
    <section className="screen">
      <h1>{data.title}</h1>
      <p>
        {data.published ? 'Published' : 'Not published'}
        {data.published ? (
          <>
            {' at '}
            <a href={data.urls.published}>{data.urls.published}</a>
          </>
        ) : null}
      </p>
      <div className="page-actions">
        <button type="button" onClick={() => publish.mutate(!data.published)}>
          {data.published ? 'Unpublish' : 'Publish'}
        </button>
      </div>
      <label htmlFor="visibility">Who can read it</label>{' '}
      <select
        id="visibility"
        value={data.visibility}
        onChange={(event) => setVisibility.mutate(event.target.value as Visibility)}
      >
        {visibilities.map((visibility) => (
          <option key={visibility} value={visibility}>
            {visibility}
          </option>
        ))}
      </select>
      <h2>Spaces</h2>
      <ul className="cards">
        {siteSpaces.data?.items.map((siteSpace) => (
          <li key={siteSpace.id}>
            {siteSpace.space.title} <span className="muted">/{siteSpace.path}</span>
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (spaceToAdd !== '') addSpace.mutate(spaceToAdd);
        }}
      >
        <label htmlFor="add-space">Add a space</label>
        <select
          id="add-space"
          value={spaceToAdd}
          onChange={(event) => setSpaceToAdd(event.target.value)}
        >
          <option value="">Choose…</option>
          {spaces.data?.map((space) => (
            <option key={space.id} value={space.id}>
              {space.title}
            </option>
          ))}
        </select>
        <button type="submit">Add</button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
      {data.visibility === 'share-link' ? <ShareLinks {...path} /> : null}
      <SiteSections {...path} />
      <SiteLook {...path} />
    </section>
  );
}
