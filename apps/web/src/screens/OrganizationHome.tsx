import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, errorMessage } from '../api.js';

/** An organization's home: its spaces and sites; a new space. */
export function OrganizationHome({ params }: { params: { organizationId: string } }) {
  const { organizationId } = params;
  const path = { organizationId };
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const [title, setTitle] = useState('');
  const organization = useQuery({
    queryKey: ['org', organizationId],
    queryFn: () => api.GET('/orgs/{organizationId}', { params: { path } }),
  });
  const spaces = useQuery({
    queryKey: ['spaces', organizationId],
    queryFn: () => api.GET('/orgs/{organizationId}/spaces', { params: { path } }),
  });
  const sites = useQuery({
    queryKey: ['sites', organizationId],
    queryFn: () => api.GET('/orgs/{organizationId}/sites', { params: { path } }),
  });
  const createSpace = useMutation({
    mutationFn: (spaceTitle: string) =>
      api.POST('/orgs/{organizationId}/spaces', { params: { path }, body: { title: spaceTitle } }),
    onSuccess: async (space) => {
      await queries.invalidateQueries({ queryKey: ['spaces', organizationId] });
      navigate(`/spaces/${space.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') createSpace.mutate(title.trim());
  };
  return (
    <section className="screen">
      <h1>{organization.data?.title ?? 'Organization'}</h1>
      <p>
        <Link href={`/orgs/${organizationId}/members`}>Members and invite links</Link>
      </p>
      <h2>Spaces</h2>
      <ul className="cards">
        {spaces.data?.items.map((space) => (
          <li key={space.id}>
            <Link href={`/spaces/${space.id}`}>
              {space.emoji ? `${space.emoji} ` : ''}
              {space.title || 'Untitled space'}
            </Link>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="new-space">New space</label>
        <input
          id="new-space"
          value={title}
          placeholder="Title"
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" disabled={createSpace.isPending}>
          Create space
        </button>
      </form>
      {createSpace.error === null ? null : <p role="alert">{errorMessage(createSpace.error)}</p>}
      <h2>Sites</h2>
      <ul className="cards">
        {sites.data?.items.map((site) => (
          <li key={site.id}>
            <Link href={`/orgs/${organizationId}/sites/${site.id}`}>{site.title}</Link>{' '}
            <span className="muted">
              ({site.published ? 'published' : 'not published'}, {site.visibility})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
