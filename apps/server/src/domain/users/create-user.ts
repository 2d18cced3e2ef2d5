import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { MemberRole } from '../../model/roles.js';
import { insertMembership } from '../../store/members.js';
import { findOrganizationById } from '../../store/organizations.js';
import type { Database } from '../../store/schema.js';
import { findUserByEmail, insertUser, type UserRecord } from '../../store/users.js';
import { issueApiToken } from './api-tokens.js';

/** What a new user is made from; with `membership`, they join that organization. */
export interface NewUser {
  email: string;
  displayName?: string | undefined;
  membership?: { organizationId: string; role: MemberRole } | undefined;
}

/**
 * A new person's row: the email in lower case, and the name given or else the email's local part.
 */
export function newUserRecord(
  email: string,
  displayName: string | undefined,
  now: Date,
): UserRecord {
  const address = email.trim().toLowerCase();
  return {
    id: newId(),
    email: address,
    displayName: displayName?.trim() || address.slice(0, address.indexOf('@')),
    photoUrl: null,
    createdAt: now.toISOString(),
  };
}

/**
 * Creates a user with a first API token (and a membership, when asked) in one transaction, and
 * answers the token: it is shown once, only its hash is kept.
 */
export async function createUserWithToken(
  db: Kysely<Database>,
  input: NewUser,
  now: Date,
): Promise<{ user: UserRecord; token: string }> {
  return db.transaction().execute(async (trx) => {
    const email = input.email.trim().toLowerCase();
    if ((await findUserByEmail(trx, email)) !== undefined) {
      throw conflict(`A user with email ${email} already exists`);
    }
    const user = newUserRecord(email, input.displayName, now);
    await insertUser(trx, user);
    if (input.membership !== undefined) {
      const { organizationId, role } = input.membership;
      if ((await findOrganizationById(trx, organizationId)) === undefined) {
        throw notFound(`Organization ${organizationId} not found`);
      }
      await insertMembership(trx, {
        organizationId,
        userId: user.id,
        role,
        joinedAt: user.createdAt,
      });
    }
    const token = await issueApiToken(trx, user.id, now);
    return { user, token };
  });
}
