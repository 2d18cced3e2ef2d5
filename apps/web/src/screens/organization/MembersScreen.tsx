import type { components } from '@quire/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { memberRoles } from './member-roles.js';
import { OrganizationNav } from './OrganizationNav.js';
import { useOwnRole } from './own-role.js';

type MemberRole = components['schemas']['MemberRole'];

// A guest has no role: the select's value for `null`.
const guest = 'guest';

/**
 * An organization's people: its members and their roles, and the invite links that bring more.
 * Admins change roles, remove members and manage links; the others read the list.
 */
export function MembersScreen({ organizationId }: { organizationId: string }) {
  const path = { organizationId };
  const queries = useQueryClient();
  const members = useInfiniteQuery({
    queryKey: ['members', organizationId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.GET('/orgs/{organizationId}/members', {
        params: {
          path,
          query: { limit: 100, ...(pageParam === undefined ? {} : { page: pageParam }) },
        },
      }),
    getNextPageParam: (last) => last.next?.page,
  });
  const everyone = members.data?.pages.flatMap((page) => page.items) ?? [];
  const isAdmin = useOwnRole(organizationId) === 'admin';
  const refresh = () => queries.invalidateQueries({ queryKey: ['members', organizationId] });
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole | null }) =>
      api.PATCH('/orgs/{organizationId}/members/{userId}', {
        params: { path: { organizationId, userId } },
        body: { role },
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      api.DELETE('/orgs/{organizationId}/members/{userId}', {
        params: { path: { organizationId, userId } },
      }),
    onSettled: refresh,
  });
  const failure = changeRole.error ?? remove.error;
  return (
    <section className="screen">
      <OrganizationNav organizationId={organizationId} />
      <h1>Members</h1>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
      <table className="members">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            {isAdmin ? <th scope="col">Remove</th> : null}
          </tr>
        </thead>
        <tbody>
          {everyone.map((member) => (
            <tr key={member.id}>
              <td>{member.user.displayName}</td>
              <td>{member.user.email}</td>
              <td>
                {isAdmin ? (
                  <select
                    aria-label={`Role of ${member.user.displayName}`}
                    value={member.role ?? guest}
                    disabled={changeRole.isPending}
                    onChange={(event) =>
                      changeRole.mutate({
                        userId: member.user.id,
                        role:
                          event.target.value === guest ? null : (event.target.value as MemberRole),
                      })
                    }
                  >
                    {memberRoles.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                    <option value={guest}>guest</option>
                  </select>
                ) : (
                  (member.role ?? guest)
                )}
              </td>
              {isAdmin ? (
                <td>
                  <button
                    type="button"
                    disabled={remove.isPending}
                    aria-label={`Remove ${member.user.displayName}`}
                    onClick={() => remove.mutate(member.user.id)}
                  >
                    Remove
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {members.hasNextPage ? (
        <button type="button" onClick={() => void members.fetchNextPage()}>
          Show more
        </button>
      ) : null}
      {isAdmin ? <InviteLinks organizationId={organizationId} /> : null}
    </section>
  );
}

/** The organization's invite links: each one's address to send, a new one, and deleting one. */
function InviteLinks({ organizationId }: { organizationId: string }) {
  const path = { organizationId };
  const queries = useQueryClient();
  const [role, setRole] = useState<MemberRole>('read');
  const links = useQuery({
    queryKey: ['invite-links', organizationId],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/link-invites', { params: { path, query: { limit: 100 } } }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['invite-links', organizationId] });
  const create = useMutation({
    mutationFn: (linkRole: MemberRole) =>
      api.POST('/orgs/{organizationId}/link-invites', {
        params: { path },
        body: { role: linkRole },
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (inviteId: string) =>
      api.DELETE('/orgs/{organizationId}/link-invites/{inviteId}', {
        params: { path: { organizationId, inviteId } },
      }),
    onSettled: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(role);
  };
  const failure = create.error ?? remove.error;
  return (
    <>
      <h2>Invite links</h2>
      <p className="muted">
        Whoever opens a link joins with its role, creating an account if needed.
      </p>
      <ul className="invite-links">
        {links.data?.items.map((link) => (
          <li key={link.id}>
            <input
              readOnly
              aria-label={`Invite link (${link.role ?? guest})`}
              value={link.urls.app}
              onFocus={(event) => event.currentTarget.select()}
            />{' '}
            <span className="muted">
              {link.role ?? guest}
              {link.expiresAt === undefined
                ? ''
                : `, until ${new Date(link.expiresAt).toLocaleDateString()}`}
            </span>{' '}
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => remove.mutate(link.id)}
            >
              Delete link
            </button>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="invite-role">Role of a new link</label>
        <select
          id="invite-role"
          value={role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
        >
          {memberRoles.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <button type="submit" disabled={create.isPending}>
          Create invite link
        </button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </>
  );
}
