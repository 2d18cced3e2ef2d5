import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import type { DialectName } from '../../store/database/dialect.js';
import {
  deleteMembership,
  findMember,
  lockAdmins,
  type MemberRecord,
  markMemberSso,
  updateMemberRole,
} from '../../store/members.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { endSessionsOfUser } from '../users/sessions.js';
import { memberEvent } from './member-events.js';

/** Where a membership change runs: the database, its dialect and the time. */
/** What changing a member needs of the app. */
export interface MemberChangeServices {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** Throws 409 when `member` is the organization's last admin and is about to stop being one. */
async function keepOneAdmin(
  trx: Executor,
  dialect: DialectName,
  member: MemberRecord,
  action: string,
): Promise<void> {
  if (member.role !== 'admin') return;
  const admins = await lockAdmins(trx, dialect, member.organizationId);
  if (admins.every((userId) => userId === member.userId)) {
    throw conflict(
      `Cannot ${action} the last admin of the organization: make another member admin first`,
    );
  }
}

/** Changes a member's role (`null`: makes them a guest); the last admin stays admin (409). */
export async function changeMemberRole(
  { db, dialect }: MemberChangeServices,
  actor: Actor,
  organizationId: string,
  userId: string,
  role: MemberRole | null,
  now: Date,
): Promise<MemberRecord> {
  return db.transaction().execute(async (trx) => {
    const member = await findMember(trx, organizationId, userId);
    if (member === undefined) throw notFound(`Member ${userId} not found in this organization`);
    if (member.role === role) return member;
    if (role !== 'admin') await keepOneAdmin(trx, dialect, member, 'demote');
    await updateMemberRole(trx, organizationId, userId, role);
    await recordEvent(
      trx,
      actor,
      memberEvent('member.updated', organizationId, member.user, {
        role,
        previousRole: member.role,
      }),
      now,
    );
    return { ...member, role };
  });
}

/**
 * Removes a member with their team memberships and space grants; what they wrote stays. The
 * last admin cannot be removed (409); a user who is not a member is already removed.
 */
export async function removeMember(
  { db, dialect }: MemberChangeServices,
  actor: Actor,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await findMember(trx, organizationId, userId);
    if (member === undefined) return;
    await keepOneAdmin(trx, dialect, member, 'remove');
    await deleteMembership(trx, organizationId, userId);
    await recordEvent(
      trx,
      actor,
      memberEvent('member.removed', organizationId, member.user, { role: member.role }),
      now,
    );
    // Signed in to the app, a removed member would keep what the session already opened.
    await endSessionsOfUser(trx, actor, organizationId, member.user, now);
  });
}

/** Ends every app session of a member (an admin signing them out everywhere). */
export async function endMemberSessions(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await findMember(trx, organizationId, userId);
    if (member === undefined) throw notFound(`Member ${userId} not found in this organization`);
    await endSessionsOfUser(trx, actor, organizationId, member.user, now);
  });
}

/** Marks a member as signing in through SSO. */
export async function setMemberSso(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<MemberRecord> {
  return db.transaction().execute(async (trx) => {
    const member = await findMember(trx, organizationId, userId);
    if (member === undefined) throw notFound(`Member ${userId} not found in this organization`);
    if (member.sso) return member;
    await markMemberSso(trx, organizationId, userId);
    await recordEvent(trx, actor, memberEvent('member.sso_set', organizationId, member.user), now);
    return { ...member, sso: true };
  });
}
