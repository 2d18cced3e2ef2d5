import type { Context } from 'hono';
import type { Actor } from '../domain/actor.js';
import { authenticateApiToken } from '../domain/users/api-tokens.js';
import { unauthorized } from '../errors.js';
import type { Executor } from '../store/schema.js';
import { requestHeader } from './request-headers.js';

/** Finds the caller from `Authorization: Bearer <token>`; anything else is a 401. */
export async function authenticate(c: Context, db: Executor): Promise<Actor> {
  const header = requestHeader(c, 'authorization');
  if (header === undefined) {
    throw unauthorized('Missing Authorization header: send "Authorization: Bearer <token>"');
  }
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1];
  if (token === undefined) throw unauthorized('The Authorization header must be "Bearer <token>"');
  const user = await authenticateApiToken(db, token);
  if (user === undefined) throw unauthorized('Invalid or revoked API token');
  return { user };
}
