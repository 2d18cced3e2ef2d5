import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Caller } from '../domain/actor.js';
import { authenticateApiToken } from '../domain/users/api-tokens.js';
import { authenticateSession } from '../domain/users/sessions.js';
import { unauthenticated } from '../errors.js';
import type { CoreServices } from '../services/core-services.js';
import { requestHeader } from './request-headers.js';
import { appRequestHeader, sessionCookieName } from './session-cookie.js';

// A JWT: three base64url parts. API tokens (`qr_…`) never have a dot.
const jwtPattern = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** What authenticating needs of the server. */
export type AuthenticationServices = Pick<CoreServices, 'db' | 'readerTokens' | 'clock' | 'urls'>;

/**
 * Finds the caller from `Authorization: Bearer <token>`: the user of an API token or, where
 * `readers` allows, the site reader of a reader token; without that header, the person of the
 * app's session cookie (see {@link sessionCaller}). Anything else is a 401.
 */
export async function authenticate(
  c: Context,
  services: AuthenticationServices,
  { readers }: { readers: boolean },
): Promise<Caller> {
  if (requestHeader(c, 'authorization') === undefined) {
    const session = getCookie(c, sessionCookieName);
    if (session !== undefined) return sessionCaller(c, services, session);
  }
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

/**
 * The person of an app session. A browser sends the cookie with any request to this server,
 * including ones another site makes it send, so the cookie counts only on requests the app made
 * itself: they carry `X-Quire-App: 1`, which no other origin may send without a preflight this
 * server refuses, and an `Origin`, when there is one, that is the app's own.
 */
async function sessionCaller(
  c: Context,
  services: AuthenticationServices,
  token: string,
): Promise<Caller> {
  const origin = requestHeader(c, 'origin');
  if (
    requestHeader(c, appRequestHeader) !== '1' ||
    (origin !== undefined && origin !== appOrigin(services))
  ) {
    throw unauthenticated(
      'A session cookie counts only on requests of the Quire app; programs send "Authorization: Bearer <token>"',
    );
  }
  const found = await authenticateSession(services.db, token, services.clock.now());
  if (found === undefined) throw unauthenticated('The session has ended: sign in again');
  return { user: found.user, sessionId: found.session.id };
}

function appOrigin(services: AuthenticationServices): string {
  return new URL(services.urls.app()).origin;
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
