import type { Kysely } from 'kysely';
import { invalid, notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { membersAmong } from '../../store/members.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  deleteTeamGrant,
  deleteUserGrant,
  upsertTeamGrant,
  upsertUserGrant,
} from '../../store/space-grants.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { findTeam } from '../../store/teams.js';
import type { Actor } from '../actor.js';
import { type DomainEvent, recordEvent } from '../events/record-event.js';

/** Who a grant is for: users (members or guests of the space's organization) and teams of it. */
export interface GrantRecipients {
  users?: string[] | undefined;
  teams?: string[] | undefined;
}

function accessEvent(
  action: 'space.access_granted' | 'space.access_revoked',
  space: SpaceRecord,
  payload: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: space.organizationId,
    target: { type: 'space', id: space.id, label: space.title },
    payload,
  };
}

async function requireRecipients(trx: Executor, space: SpaceRecord, to: GrantRecipients) {
  const users = [...new Set(to.users ?? [])];
  const teams = [...new Set(to.teams ?? [])];
  if (users.length === 0 && teams.length === 0) {
    throw invalid('body must name the users or the teams to grant the role to');
  }
  const members = await membersAmong(trx, space.organizationId, users);
  const strangers = users.filter((userId) => !members.has(userId));
  if (strangers.length > 0) {
    throw invalid(
      `Not members or guests of the space's organization: ${strangers.slice(0, 5).join(', ')}`,
    );
  }
  for (const teamId of teams) {
    if ((await findTeam(trx, space.organizationId, teamId)) === undefined) {
      throw invalid(`Team ${teamId} is not a team of the space's organization`);
    }
  }
  return { users, teams };
}

/**
 * Grants a role on a space to users and teams, or changes the role they were granted, in one
 * transaction; anyone outside the space's organization makes it a 400 and nothing changes.
 */
export async function grantSpaceRole(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  role: MemberRole,
  to: GrantRecipients,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const { users, teams } = await requireRecipients(trx, space, to);
    for (const userId of users) await upsertUserGrant(trx, space.id, userId, role, at);
    for (const teamId of teams) await upsertTeamGrant(trx, space.id, teamId, role, at);
    await recordEvent(
      trx,
      actor,
      accessEvent('space.access_granted', space, { role, users, teams }),
      now,
    );
  });
}

/** Like {@link grantSpaceRole} for one user or team named in a path: a stranger is a 404. */
export async function setSpaceRoleOf(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  role: MemberRole,
  to: { user: string } | { team: string },
  now: Date,
): Promise<void> {
  if ('user' in to) {
    const members = await membersAmong(db, space.organizationId, [to.user]);
    if (!members.has(to.user)) {
      throw notFound(`User ${to.user} is not a member or guest of the space's organization`);
    }
  } else if ((await findTeam(db, space.organizationId, to.team)) === undefined) {
    throw notFound(`Team ${to.team} not found`);
  }
  const recipients = 'user' in to ? { users: [to.user] } : { teams: [to.team] };
  await grantSpaceRole(db, actor, space, role, recipients, now);
}

/** Revokes a user's or a team's grant on a space; revoking what was not granted changes nothing. */
export async function revokeSpaceRole(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  from: { user: string } | { team: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const revoked =
      'user' in from
        ? await deleteUserGrant(trx, space.id, from.user)
        : await deleteTeamGrant(trx, space.id, from.team);
    if (revoked)
      await recordEvent(trx, actor, accessEvent('space.access_revoked', space, from), now);
  });
}
