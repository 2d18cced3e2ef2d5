import { serialize } from 'hono/utils/cookie';
import type { StartedSession } from '../domain/users/sessions.js';
import type { Urls } from '../presenters/urls.js';

/** The cookie the app's session travels in. */
export const sessionCookieName = 'quire_session';
/** The header the app sends on every API request, which makes its session cookie count. */
export const appRequestHeader = 'x-quire-app';

/**
 * The `Set-Cookie` of a session just started: HttpOnly (no script reads it), SameSite=Lax (no
 * other site's form posts it), Secure behind https, for the whole server (the app and the API).
 */
export function sessionCookie(
  urls: Urls,
  started: Pick<StartedSession, 'token' | 'session'>,
): string {
  return serialize(sessionCookieName, started.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(urls.app()).protocol === 'https:',
    path: '/',
    // Relative, so a browser whose clock differs from the server's keeps it as long.
    maxAge: Math.round(
      (Date.parse(started.session.expiresAt) - Date.parse(started.session.createdAt)) / 1000,
    ),
  });
}

/** The `Set-Cookie` that removes the session's cookie. */
export function clearedSessionCookie(urls: Urls): string {
  return serialize(sessionCookieName, '', {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(urls.app()).protocol === 'https:',
    path: '/',
    maxAge: 0,
  });
}
