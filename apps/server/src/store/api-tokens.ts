import { preparedQuery } from './database/prepared-query.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor } from './schema.js';
import { toUser, type UserRecord } from './users.js';

/** Stores the hash of a new API token for a user. */
export async function insertApiToken(
  db: Executor,
  token: { id: string; userId: string; tokenHash: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
    })
    .execute();
}

const userByTokenHash = preparedQuery((db, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .where('api_tokens.token_hash', '=', tokenHash),
);

/** The user a token hash belongs to, if the token exists. Every authenticated request asks. */
export async function findUserByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<UserRecord | undefined> {
  const [row] = await userByTokenHash(db, tokenHash);
  return row && toUser(row);
}

/** Deletes a token by its hash; answers whether there was one. */
export async function deleteApiTokenByHash(db: Executor, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A stored API token, without its hash. */
export interface ApiTokenRecord {
  id: string;
  createdAt: string;
}

/** A page of a user's API tokens, newest first. */
export async function listApiTokensOfUser(
  db: Executor,
  userId: string,
  request: PageRequest,
): Promise<Page<ApiTokenRecord>> {
  const page = await keysetPage(
    db.selectFrom('api_tokens').where('user_id', '=', userId),
    (query) => query.select(['id', 'created_at']),
    {
      columns: ['created_at', 'id'],
      direction: 'desc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, (row) => ({ id: row.id, createdAt: row.created_at }));
}

/** Deletes one of a user's tokens by its id; answers whether there was one. */
export async function deleteApiTokenOfUser(
  db: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
