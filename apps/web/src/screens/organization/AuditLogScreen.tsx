import type { components } from '@quire/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { useAuditActions } from './audit-actions.js';
import { OrganizationNav } from './OrganizationNav.js';

type Action = components['schemas']['AuditEventActionId'];

/** Every change made in the organization, newest first, filtered by action. Admins only. */
export function AuditLogScreen({ organizationId }: { organizationId: string }) {
  const [action, setAction] = useState<Action | ''>('');
  const actions = useAuditActions(organizationId);
  const events = useInfiniteQuery({
    queryKey: ['audit-events', organizationId, action],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.GET('/orgs/{organizationId}/audit-events', {
        params: {
          path: { organizationId },
          query: {
            limit: 50,
            ...(action === '' ? {} : { action }),
            ...(pageParam === undefined ? {} : { page: pageParam }),
          },
        },
      }),
    getNextPageParam: (last) => last.next?.page,
  });
  const labels = new Map(actions.data?.items.map((item) => [item.id, item.label]));
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="screen">
      <OrganizationNav organizationId={organizationId} />
      <h1>Audit log</h1>
      <label htmlFor="audit-action">Action</label>{' '}
      <select
        id="audit-action"
        value={action}
        onChange={(event) => setAction(event.target.value as Action | '')}
      >
        <option value="">Every action</option>
        {actions.data?.items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
          </option>
        ))}
      </select>
      {events.error === null ? null : <p role="alert">{errorMessage(events.error)}</p>}
      <table className="members audit-log">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">On</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((event) => (
            <tr key={event.id}>
              <td>
                <time dateTime={event.occurredAt}>
                  {new Date(event.occurredAt).toLocaleString()}
                </time>
              </td>
              <td>{event.actor.label}</td>
              <td>{labels.get(event.action) ?? event.action}</td>
              <td>
                {event.target.label} <span className="muted">{event.target.type}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {events.isSuccess && rows.length === 0 ? <p className="muted">No events.</p> : null}
      {events.hasNextPage ? (
        <button type="button" onClick={() => void events.fetchNextPage()}>
          Show older
        </button>
      ) : null}
    </section>
  );
}
