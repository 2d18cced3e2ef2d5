import type { Kysely } from 'kysely';
import { conflict } from '../../errors.js';
import type { OrganizationRecord } from '../../store/organizations.js';
import type { Database } from '../../store/schema.js';
import { upsertPasswordHash } from '../../store/sessions.js';
import { findUserByEmail, insertUser } from '../../store/users.js';
import { addMemberToOrganization } from '../members/add-member.js';
import { usableInviteLink } from '../organizations/invite-links.js';
import { conflictOnDuplicate } from '../unique-writes.js';
import { newUserRecord } from './create-user.js';
import { hashPassword, requireAcceptablePassword } from './passwords.js';
import { type StartedSession, startSession } from './sessions.js';

/** Who signs up, and the request they sign up with. */
export interface SignUp {
  email: string;
  displayName?: string | undefined;
  password: string;
  userAgent?: string | undefined;
  requestId?: string | undefined;
}

/**
 * Creates an account for a person who holds an invite link, makes them a member with the link's
 * role, and starts their session. An email that already has an account is a 409: its owner signs
 * in and joins, so nobody takes over an account by signing up with its email.
 */
export async function signUpWithInviteLink(
  db: Kysely<Database>,
  organization: OrganizationRecord | undefined,
  inviteId: string,
  input: SignUp,
  now: Date,
  passwordHashCost?: number,
): Promise<StartedSession> {
  requireAcceptablePassword(input.password);
  const email = input.email.trim().toLowerCase();
  // Hashing takes a moment of CPU: done before the transaction, which then holds no lock for it.
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  const user = await db.transaction().execute(async (trx) => {
    const link = await usableInviteLink(trx, organization, inviteId, now);
    const taken = `An account with email ${email} exists: sign in with it, then open the invite link again`;
    if ((await findUserByEmail(trx, email)) !== undefined) throw conflict(taken);
    const created = newUserRecord(email, input.displayName, now);
    // Two sign-ups with one email at once: the second meets the unique index.
    await conflictOnDuplicate(() => insertUser(trx, created), taken);
    await upsertPasswordHash(trx, created.id, passwordHash, now.toISOString());
    await addMemberToOrganization(
      trx,
      { user: created, requestId: input.requestId },
      { organizationId: link.organizationId, user: created, role: link.role, via: 'invite' },
      now,
    );
    return created;
  });
  return startSession(
    db,
    user,
    { method: 'password', userAgent: input.userAgent, requestId: input.requestId },
    now,
  );
}
