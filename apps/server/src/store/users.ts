import type { Executor, UsersTable } from './schema.js';

/** A stored user. */
export interface UserRecord {
  id: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
  createdAt: string;
}

/** A `users` row as a record. */
export function toUser(row: UsersTable): UserRecord {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    photoUrl: row.photo_url,
    createdAt: row.created_at,
  };
}

/** Stores a new user. */
export async function insertUser(db: Executor, user: UserRecord): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      display_name: user.displayName,
      photo_url: user.photoUrl,
      created_at: user.createdAt,
    })
    .execute();
}

/** The user with this id, if any. */
export async function findUserById(db: Executor, id: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** The user with this email (compared as stored: emails are stored lower-cased). */
export async function findUserByEmail(
  db: Executor,
  email: string,
): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toUser(row);
}

/** Whether any user exists yet; an empty database is bootstrapped at first start. */
export async function hasAnyUser(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The users with these ids, by id; ids of no user are left out. */
export async function findUsersByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, UserRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, toUser(row)]));
}
