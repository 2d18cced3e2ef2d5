import type { Context } from 'hono';
import type { Caller } from '../domain/actor.js';
import { authenticateApiToken } from '../domain/users/api-tokens.js';
import { unauthenticated } from '../errors.js';
import type { CoreServices } from '../services/core-services.js';
import { requestHeader } from './request-headers.js';

// A JWT: three base64url parts. API tokens (`qr_…`) never have a dot.
const jwtPattern = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** What authenticating needs of the server. */
export type AuthenticationServices = Pick<CoreServices, 'db' | 'readerTokens' | 'clock'>;

/**
 * Finds the caller from `Authorization: Bearer <token>`: the user of an API token or, where
 * `readers` allows, the site reader of a reader token. Anything else is a 401.
 */
export async function authenticate(
  c: Context,
  services: AuthenticationServices,
  { readers }: { readers: boolean },
): Promise<Caller> {
  const token = bearerToken(c);
  if (jwtPattern.test(token)) {
    const reader = await services.readerTokens.verify(token, services.clock.now());
    if (reader === undefined) throw unauthenticated('Invalid or expired reader token');
    if (!readers) {
      throw unauthenticated("A site's reader token reads only that site's published content");
    }
    return reader;
  }
  const user = await authenticateApiToken(services.db, token);
  if (user === undefined) throw unauthenticated('Invalid or revoked API token');
  return { user };
}

/** The token of `Authorization: Bearer <token>`; a request without one is a 401. */
export function bearerToken(c: Context): string {
  const header = requestHeader(c, 'authorization');
  if (header === undefined) {
    throw unauthenticated('Missing Authorization header: send "Authorization: Bearer <token>"');
  }
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1];
  if (token === undefined)
    throw unauthenticated('The Authorization header must be "Bearer <token>"');
  return token;
}
