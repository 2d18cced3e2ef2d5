import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { OrganizationNav } from './OrganizationNav.js';
import { useOwnRole } from './own-role.js';

type Team = components['schemas']['Team'];
type TeamMemberRole = components['schemas']['TeamMemberRole'];

/**
 * An organization's teams: groups of members granted roles on spaces together. Admins make and
 * delete teams; whoever may manage a team (an admin or its owner) adds and removes its members.
 */
export function TeamsScreen({ organizationId }: { organizationId: string }) {
  const queries = useQueryClient();
  const isAdmin = useOwnRole(organizationId) === 'admin';
  const [title, setTitle] = useState('');
  const teams = useQuery({
    queryKey: ['teams', organizationId],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/teams', {
        params: { path: { organizationId }, query: { limit: 100 } },
      }),
  });
  const create = useMutation({
    mutationFn: (teamTitle: string) =>
      api.PUT('/orgs/{organizationId}/teams', {
        params: { path: { organizationId } },
        body: { title: teamTitle },
      }),
    onSuccess: () => setTitle(''),
    onSettled: () => queries.invalidateQueries({ queryKey: ['teams', organizationId] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') create.mutate(title.trim());
  };
  return (
    <section className="screen">
      <OrganizationNav organizationId={organizationId} />
      <h1>Teams</h1>
      {teams.data?.items.length === 0 ? <p className="muted">No teams yet.</p> : null}
      {teams.data?.items.map((team) => (
        <TeamCard key={team.id} organizationId={organizationId} team={team} isAdmin={isAdmin} />
      ))}
      {isAdmin ? (
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor="new-team">New team</label>
          <input
            id="new-team"
            value={title}
            placeholder="Title"
            onChange={(event) => setTitle(event.target.value)}
          />
          <button type="submit" disabled={create.isPending}>
            Create team
          </button>
        </form>
      ) : null}
      {create.error === null ? null : <p role="alert">{errorMessage(create.error)}</p>}
    </section>
  );
}

/** One team: its members with their roles in it, and, for those who manage it, the controls. */
function TeamCard({
  organizationId,
  team,
  isAdmin,
}: {
  organizationId: string;
  team: Team;
  isAdmin: boolean;
}) {
  const path = { organizationId, teamId: team.id };
  const queries = useQueryClient();
  const [joiner, setJoiner] = useState('');
  const members = useQuery({
    queryKey: ['team-members', team.id],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/teams/{teamId}/members', {
        params: { path, query: { limit: 100 } },
      }),
  });
  // Whom a manager may add: the organization's members not in the team yet.
  const organizationMembers = useQuery({
    queryKey: ['members-first-page', organizationId],
    enabled: team.permissions.admin,
    queryFn: () =>
      api.GET('/orgs/{organizationId}/members', {
        params: { path: { organizationId }, query: { limit: 100 } },
      }),
  });
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['team-members', team.id] }),
      queries.invalidateQueries({ queryKey: ['teams', organizationId] }),
    ]);
  const setMember = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TeamMemberRole }) =>
      api.PUT('/orgs/{organizationId}/teams/{teamId}/members/{userId}', {
        params: { path: { ...path, userId } },
        body: { role },
      }),
    onSuccess: () => setJoiner(''),
    onSettled: refresh,
  });
  const removeMember = useMutation({
    mutationFn: (userId: string) =>
      api.DELETE('/orgs/{organizationId}/teams/{teamId}/members/{userId}', {
        params: { path: { ...path, userId } },
      }),
    onSettled: refresh,
  });
  const deleteTeam = useMutation({
    mutationFn: () => api.DELETE('/orgs/{organizationId}/teams/{teamId}', { params: { path } }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['teams', organizationId] }),
  });
  const inTeam = new Set(members.data?.items.map((member) => member.organization.user.id));
  const candidates = (organizationMembers.data?.items ?? []).filter(
    (member) => !inTeam.has(member.user.id),
  );
  const failure = setMember.error ?? removeMember.error ?? deleteTeam.error;
  return (
    <section className="card" aria-labelledby={`team-${team.id}`}>
      <h2 id={`team-${team.id}`}>{team.title}</h2>
      <p className="muted">
        {team.members} {team.members === 1 ? 'member' : 'members'}, {team.spaces}{' '}
        {team.spaces === 1 ? 'space' : 'spaces'}
      </p>
      <ul className="team-members">
        {members.data?.items.map(({ organization: member, team: place }) => (
          <li key={member.user.id}>
            {member.user.displayName} <span className="muted">{place.role}</span>
            {team.permissions.admin ? (
              <button
                type="button"
                disabled={removeMember.isPending}
                aria-label={`Remove ${member.user.displayName} from ${team.title}`}
                onClick={() => removeMember.mutate(member.user.id)}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {team.permissions.admin ? (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (joiner !== '') setMember.mutate({ userId: joiner, role: 'member' });
          }}
        >
          <label htmlFor={`add-to-${team.id}`}>Add to {team.title}</label>
          <select
            id={`add-to-${team.id}`}
            value={joiner}
            onChange={(event) => setJoiner(event.target.value)}
          >
            <option value="">Choose a member…</option>
            {candidates.map((member) => (
              <option key={member.user.id} value={member.user.id}>
                {member.user.displayName} ({member.user.email})
              </option>
            ))}
          </select>
          <button type="submit" disabled={setMember.isPending}>
            Add
          </button>
          {isAdmin ? (
            <button
              type="button"
              disabled={deleteTeam.isPending}
              aria-label={`Delete team ${team.title}`}
              onClick={() => deleteTeam.mutate()}
            >
              Delete team
            </button>
          ) : null}
        </form>
      ) : null}
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </section>
  );
}
