import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import type { Database } from '../../store/schema.js';
import {
  addTeamMemberIfAbsent,
  deleteTeam,
  insertTeam,
  removeTeamMembers,
  renameTeam,
  type TeamMemberRole,
  type TeamRecord,
  upsertTeamMember,
} from '../../store/teams.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { resolveMembers } from '../members/resolve-members.js';
import { teamEvent } from './team-events.js';

/** Creates a team with its first members (user ids of members of the organization). */
export async function createTeam(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: { title: string; members?: string[] | undefined },
  now: Date,
): Promise<TeamRecord> {
  const at = now.toISOString();
  const id = newId();
  return db.transaction().execute(async (trx) => {
    const members = [
      ...new Set((await resolveMembers(trx, organizationId, input.members ?? [])).values()),
    ];
    const team = { id, organizationId, title: input.title.trim(), createdAt: at };
    await insertTeam(trx, team);
    for (const userId of members) await addTeamMemberIfAbsent(trx, team, userId, at);
    await recordEvent(trx, actor, teamEvent('team.created', team, { members }), now);
    return { ...team, updatedAt: at, members: members.length, spaces: 0 };
  });
}

/** Renames a team. */
export async function changeTeamTitle(
  db: Kysely<Database>,
  actor: Actor,
  team: TeamRecord,
  title: string,
  now: Date,
): Promise<TeamRecord> {
  const at = now.toISOString();
  const trimmed = title.trim();
  await db.transaction().execute(async (trx) => {
    await renameTeam(trx, team.id, trimmed, at);
    await recordEvent(
      trx,
      actor,
      teamEvent('team.updated', { ...team, title: trimmed }, { title: trimmed }),
      now,
    );
  });
  return { ...team, title: trimmed, updatedAt: at };
}

/** Deletes a team; its members stay in the organization, its grants on spaces go. */
export async function removeTeam(db: Kysely<Database>, actor: Actor, team: TeamRecord, now: Date) {
  await db.transaction().execute(async (trx) => {
    await deleteTeam(trx, team.id);
    await recordEvent(trx, actor, teamEvent('team.deleted', team), now);
  });
}

/** Who joins and leaves a team, and roles to set. */
export interface TeamMemberChanges {
  add?: string[] | undefined;
  remove?: string[] | undefined;
  memberships?: Record<string, { role: TeamMemberRole }> | undefined;
}

/**
 * Applies member changes to a team in one transaction: `add` and `memberships` put members in
 * (by id or email; anyone outside the organization is a 400 naming them and nothing changes),
 * then `remove` takes them out, so a user in both `add` and `remove` ends up removed.
 */
export async function changeTeamMembers(
  db: Kysely<Database>,
  actor: Actor,
  team: TeamRecord,
  changes: TeamMemberChanges,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const roles = Object.entries(changes.memberships ?? {});
    const resolved = await resolveMembers(trx, team.organizationId, [
      ...(changes.add ?? []),
      ...(changes.remove ?? []),
      ...roles.map(([userId]) => userId),
    ]);
    const idOf = (reference: string) => resolved.get(reference) ?? reference;
    const removed = new Set((changes.remove ?? []).map(idOf));
    const added = [...new Set((changes.add ?? []).map(idOf))].filter((id) => !removed.has(id));
    for (const userId of added) await addTeamMemberIfAbsent(trx, team, userId, at);
    const roleChanges = roles
      .map(([reference, { role }]) => ({ userId: idOf(reference), role }))
      .filter(({ userId }) => !removed.has(userId));
    for (const { userId, role } of roleChanges) await upsertTeamMember(trx, team, userId, role, at);
    await removeTeamMembers(trx, team.id, [...removed]);
    await recordEvent(
      trx,
      actor,
      teamEvent('team.members_updated', team, {
        added,
        removed: [...removed],
        roles: Object.fromEntries(roleChanges.map(({ userId, role }) => [userId, role])),
      }),
      now,
    );
  });
}
