import type { Kysely } from 'kysely';
import { forbidden, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { deleteApiTokenOfUser, insertApiToken } from '../../store/api-tokens.js';
import { memberRolesOfUser } from '../../store/members.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { generateApiToken, hashApiToken } from './api-tokens.js';
import { recordUserEvent } from './user-events.js';

/** Makes an API token for the caller; answers it with its secret, this once. */
export async function createOwnApiToken(
  db: Kysely<Database>,
  actor: Actor,
  now: Date,
): Promise<{ id: string; createdAt: string; token: string }> {
  // The audit log is an organization's: a person in none has no log to record the token in.
  if ((await memberRolesOfUser(db, actor.user.id)).size === 0) {
    throw forbidden(
      'Only members of an organization create API tokens here; an admin can make one with `quire tokens create`',
    );
  }
  const token = generateApiToken();
  const created = { id: newId(), createdAt: now.toISOString() };
  await db.transaction().execute(async (trx) => {
    await insertApiToken(trx, {
      ...created,
      userId: actor.user.id,
      tokenHash: hashApiToken(token),
    });
    await recordUserEvent(trx, actor, 'user.token_created', { tokenId: created.id }, now);
  });
  return { ...created, token };
}

/** Revokes one of the caller's API tokens; another person's, or none, is a 404. */
export async function revokeOwnApiToken(
  db: Kysely<Database>,
  actor: Actor,
  tokenId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteApiTokenOfUser(trx, actor.user.id, tokenId))) {
      throw notFound(`API token ${tokenId} not found`);
    }
    await recordUserEvent(trx, actor, 'user.token_revoked', { tokenId }, now);
  });
}
