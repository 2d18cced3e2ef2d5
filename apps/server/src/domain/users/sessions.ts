import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { cachedRead } from '../../caches/database-caches.js';
import { notFound, tooManyAttempts, unauthenticated } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  deleteSessionOfUser,
  deleteSessionsOfUser,
  findPasswordHash,
  findSessionByTokenHash,
  insertSession,
  type SessionRecord,
  type SignInMethod,
  touchSession,
  upsertPasswordHash,
} from '../../store/sessions.js';
import { findUserByEmail, type UserRecord } from '../../store/users.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import {
  decoyPasswordHash,
  hashPassword,
  requireAcceptablePassword,
  verifyPassword,
} from './passwords.js';
import { recordUserEvent } from './user-events.js';

/** How long a session lasts from sign-in. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
// A session's `lastSeenAt` is written at most this often: every write empties the read caches.
const lastSeenPrecisionMs = 5 * 60 * 1000;

/** The cookie of a session: 32 random bytes, base64url. Only its SHA-256 is stored. */
function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A session just started: its row, and its cookie's value, answered this once. */
export interface StartedSession {
  session: SessionRecord;
  user: UserRecord;
  token: string;
}

/** The budget of sign-in attempts per account (the server's rate limits); none, no limit. */
export interface SignInAttempts {
  consume(
    bucket: 'signInAccount',
    key: string,
  ): Promise<{ allowed: boolean; resetInMs: number } | undefined>;
}

/** What signing in needs of the server. */
export interface SignInServices {
  db: Kysely<Database>;
  rateLimits?: SignInAttempts | undefined;
  /** scrypt's cost for the hash a missing password is checked against (`PASSWORD_HASH_COST`). */
  passwordHashCost: number;
}

/**
 * Starts a session for a person who proved who they are (a password, an identity provider), and
 * records the sign-in in the audit log of each organization they belong to.
 */
export async function startSession(
  db: Kysely<Database>,
  user: UserRecord,
  {
    method,
    userAgent,
    requestId,
  }: { method: SignInMethod; userAgent?: string | undefined; requestId?: string | undefined },
  now: Date,
): Promise<StartedSession> {
  const token = newSessionToken();
  const session: SessionRecord = {
    id: newId(),
    userId: user.id,
    method,
    userAgent: userAgent?.slice(0, 512) ?? null,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await insertSession(trx, { ...session, tokenHash: hashSessionToken(token) });
    await recordUserEvent(trx, { user, requestId }, 'user.signed_in', { method }, now);
  });
  return { session, user, token };
}

/**
 * Signs in with email and password. A wrong email and a wrong password are the same 401, which
 * costs the same time; attempts on one account are limited whichever addresses they come from.
 */
export async function signInWithPassword(
  services: SignInServices,
  input: {
    email: string;
    password: string;
    userAgent?: string | undefined;
    requestId?: string | undefined;
  },
  now: Date,
): Promise<StartedSession> {
  const email = input.email.trim().toLowerCase();
  const attempt = await services.rateLimits?.consume(
    'signInAccount',
    createHash('sha256').update(email).digest('base64url'),
  );
  if (attempt !== undefined && !attempt.allowed) {
    throw tooManyAttempts(
      'Too many sign-in attempts for this account: wait a minute and try again',
      Math.ceil(attempt.resetInMs / 1000),
    );
  }
  const user = await findUserByEmail(services.db, email);
  const stored = user === undefined ? undefined : await findPasswordHash(services.db, user.id);
  const matches = await verifyPassword(
    input.password,
    stored ?? (await decoyPasswordHash(services.passwordHashCost)),
  );
  if (user === undefined || stored === undefined || !matches) {
    throw unauthenticated('Wrong email or password');
  }
  return startSession(
    services.db,
    user,
    { method: 'password', userAgent: input.userAgent, requestId: input.requestId },
    now,
  );
}

/** Sets a person's password (at least eight characters), hashed at scrypt's `cost`. */
export async function setPassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
  now: Date,
  cost?: number,
): Promise<void> {
  requireAcceptablePassword(password);
  await upsertPasswordHash(db, userId, await hashPassword(password, cost), now.toISOString());
}

/**
 * The session a cookie's value opens and its user, while it has not ended. Every request from the
 * app asks: the answer is kept until the database changes, so an ended session is refused on its
 * very next request.
 */
export async function authenticateSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
  const found = await cachedRead(db, ['session', token], () =>
    findSessionByTokenHash(db, hashSessionToken(token)),
  );
  if (found === undefined || found.session.expiresAt <= now.toISOString()) return undefined;
  if (now.getTime() - Date.parse(found.session.lastSeenAt) >= lastSeenPrecisionMs) {
    await touchSession(db, found.session.id, now.toISOString());
  }
  return found;
}

/** Ends the caller's own session (signing out); an actor without one has nothing to end. */
export async function endSession(db: Kysely<Database>, actor: Actor, now: Date): Promise<void> {
  const { sessionId } = actor;
  if (sessionId === undefined) return;
  await db.transaction().execute(async (trx) => {
    if (await deleteSessionOfUser(trx, actor.user.id, sessionId)) {
      await recordUserEvent(trx, actor, 'user.signed_out', {}, now);
    }
  });
}

/** Ends one of the caller's sessions; another person's, or none, is a 404. */
export async function revokeOwnSession(
  db: Kysely<Database>,
  actor: Actor,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteSessionOfUser(trx, actor.user.id, sessionId))) {
      throw notFound(`Session ${sessionId} not found`);
    }
    await recordUserEvent(trx, actor, 'user.session_revoked', { sessionId }, now);
  });
}

/**
 * Ends every session of `user`, recorded in `organizationId`'s audit log: an admin signing a
 * member out, or a member removed (whose sessions must not outlive their membership).
 */
export async function endSessionsOfUser(
  trx: Executor,
  actor: Actor,
  organizationId: string,
  user: Pick<UserRecord, 'id' | 'displayName' | 'email'>,
  now: Date,
): Promise<void> {
  const ended = await deleteSessionsOfUser(trx, user.id);
  if (ended === 0) return;
  await recordEvent(
    trx,
    actor,
    {
      action: 'user.session_revoked',
      organizationId,
      target: { type: 'user', id: user.id, label: user.displayName || user.email },
      payload: { sessions: ended },
    },
    now,
  );
}
