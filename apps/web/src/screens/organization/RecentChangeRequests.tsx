import type { components } from '@quire/contract';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../api.js';

type Space = components['schemas']['Space'];

// The home shows the latest few; each space's own screen lists all of its change requests.
const spacesAsked = 20;
const shown = 10;

/** The open change requests of the organization's spaces, most recently updated first. */
export function RecentChangeRequests({ spaces }: { spaces: readonly Space[] }) {
  const asked = spaces.slice(0, spacesAsked);
  const lists = useQueries({
    queries: asked.map((space) => ({
      queryKey: ['change-requests', space.id],
      queryFn: () =>
        api.GET('/spaces/{spaceId}/change-requests', {
          params: { path: { spaceId: space.id }, query: { status: 'open' } },
        }),
    })),
  });
  const titles = new Map(asked.map((space) => [space.id, space.title]));
  const open = lists
    .flatMap((list) => list.data?.items ?? [])
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, shown);
  if (open.length === 0) return <p className="muted">Nothing in review.</p>;
  return (
    <ul className="cards">
      {open.map((changeRequest) => (
        <li key={changeRequest.id}>
          <Link href={`/spaces/${changeRequest.space}/change-requests/${changeRequest.number}`}>
            #{changeRequest.number} {changeRequest.subject || 'Untitled'}
          </Link>{' '}
          <span className="muted">in {titles.get(changeRequest.space) ?? 'a space'}</span>
        </li>
      ))}
    </ul>
  );
}
