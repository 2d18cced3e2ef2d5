import { createHash, randomBytes } from 'node:crypto';
import { cachedRead } from '../../caches/database-caches.js';
import { newId } from '../../ids.js';
import {
  deleteApiTokenByHash,
  findUserByTokenHash,
  insertApiToken,
} from '../../store/api-tokens.js';
import type { Executor } from '../../store/schema.js';
import type { UserRecord } from '../../store/users.js';

/** Every API token starts with this, so that secret scanners can spot leaked ones. */
export const apiTokenPrefix = 'qr_';

/**
 * A new random API token: the prefix and 32 random bytes, base64url.
 * @example generateApiToken(); // 'qr_3q2-7wX…'
 */
export function generateApiToken(): string {
  return apiTokenPrefix + randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, so a database leak reveals no usable token. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a token for a user (a new random one unless `token` is given) and answers it, once. */
export async function issueApiToken(
  db: Executor,
  userId: string,
  now: Date,
  token: string = generateApiToken(),
): Promise<string> {
  await insertApiToken(db, {
    id: newId(),
    userId,
    tokenHash: hashApiToken(token),
    createdAt: now.toISOString(),
  });
  return token;
}

/**
 * The user a token belongs to, if it is a valid token. Every authenticated request asks, so the
 * answer is kept until the database changes (a revoked token fails on the very next request).
 */
export function authenticateApiToken(db: Executor, token: string): Promise<UserRecord | undefined> {
  return cachedRead(db, ['token', token], () => findUserByTokenHash(db, hashApiToken(token)));
}

/** Revokes a token; answers whether it existed. */
export function revokeApiToken(db: Executor, token: string): Promise<boolean> {
  return deleteApiTokenByHash(db, hashApiToken(token));
}
