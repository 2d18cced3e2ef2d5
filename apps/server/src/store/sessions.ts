import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, SessionsTable } from './schema.js';
import { toUser, type UserRecord } from './users.js';

/** How a person signed in. */
export type SignInMethod = 'password' | 'saml' | 'oidc';

/** A stored session (its cookie only as a hash). */
export interface SessionRecord {
  id: string;
  userId: string;
  method: SignInMethod;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

function toSession(row: SessionsTable): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    method: row.method as SignInMethod,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

/** Stores a new session under the hash of its cookie. */
export async function insertSession(
  db: Executor,
  session: SessionRecord & { tokenHash: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      method: session.method,
      user_agent: session.userAgent,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session behind a cookie's hash and its user, if it exists (expired or not). */
export async function findSessionByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.user_id as session_user_id',
      'sessions.token_hash as session_token_hash',
      'sessions.method as session_method',
      'sessions.user_agent as session_user_agent',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    user: toUser(row),
    session: toSession({
      id: row.session_id,
      user_id: row.session_user_id,
      token_hash: row.session_token_hash,
      method: row.session_method,
      user_agent: row.session_user_agent,
      created_at: row.session_created_at,
      last_seen_at: row.session_last_seen_at,
      expires_at: row.session_expires_at,
    }),
  };
}

/** A page of a user's sessions that have not expired at `now`, newest first. */
export async function listSessionsOfUser(
  db: Executor,
  userId: string,
  now: string,
  request: PageRequest,
): Promise<Page<SessionRecord>> {
  const page = await keysetPage(
    db.selectFrom('sessions').where('user_id', '=', userId).where('expires_at', '>', now),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'desc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toSession);
}

/** Records that a session was used. */
export async function touchSession(db: Executor, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
}

/** Deletes one session of a user; answers whether there was one. */
export async function deleteSessionOfUser(
  db: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every session of a user; answers how many there were. */
export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the sessions that expired before `now`. */
export async function deleteExpiredSessions(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The password hash of a user, if they have a password. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_passwords')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Sets a user's password hash. */
export async function upsertPasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  updatedAt: string,
): Promise<void> {
  await db
    .insertInto('user_passwords')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ password_hash: passwordHash, updated_at: updatedAt }),
    )
    .execute();
}
