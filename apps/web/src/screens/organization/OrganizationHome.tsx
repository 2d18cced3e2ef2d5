import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../api.js';
import {
  CollectionList,
  NewCollectionForm,
  SpaceList,
  useOrganizationSpaces,
} from './collections.js';
import { NewSiteForm } from './NewSiteForm.js';
import { NewSpaceForm } from './NewSpaceForm.js';
import { OrganizationNav } from './OrganizationNav.js';
import { RecentChangeRequests } from './RecentChangeRequests.js';

/** An organization's home: its collections and spaces, a new one, its sites, the work in review. */
export function OrganizationHome({ params }: { params: { organizationId: string } }) {
  const { organizationId } = params;
  const organization = useQuery({
    queryKey: ['org', organizationId],
    queryFn: () => api.GET('/orgs/{organizationId}', { params: { path: { organizationId } } }),
  });
  const sites = useQuery({
    queryKey: ['sites', organizationId],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/sites', { params: { path: { organizationId } } }),
  });
  const spaces = useOrganizationSpaces(organizationId);
  return (
    <section className="screen">
      <OrganizationNav organizationId={organizationId} />
      <h1>{organization.data?.title ?? 'Organization'}</h1>
      <h2>Spaces</h2>
      <CollectionList organizationId={organizationId} />
      <SpaceList spaces={(spaces.data ?? []).filter((space) => space.parent === undefined)} />
      <NewSpaceForm organizationId={organizationId} />
      <NewCollectionForm organizationId={organizationId} />
      <h2>Change requests in review</h2>
      <RecentChangeRequests spaces={spaces.data ?? []} />
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
      <NewSiteForm organizationId={organizationId} spaces={spaces.data ?? []} />
    </section>
  );
}
