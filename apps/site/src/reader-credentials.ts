import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { SiteContent } from './published-reads.js';

// Where a share link's key and a visitor token are kept once a reader opened a site with them.
const shareCookie = 'quire_share';
const visitorCookie = 'quire_visitor';

/** What a reader's URL brings that is theirs rather than the page's: a share key, a token. */
export interface UrlCredentials {
  shareKey?: string;
  jwtToken?: string;
}

/** The credentials in the URL's query (`share`, `jwt_token`), if any. */
export function credentialsInUrl(url: URL): UrlCredentials | undefined {
  const shareKey = url.searchParams.get('share') ?? undefined;
  const jwtToken = url.searchParams.get('jwt_token') ?? undefined;
  if (shareKey === undefined && jwtToken === undefined) return undefined;
  return {
    ...(shareKey === undefined ? {} : { shareKey }),
    ...(jwtToken === undefined ? {} : { jwtToken }),
  };
}

/** A URL with these credentials in its query, as a reader would bring them. */
export function withCredentials(location: string, credentials: UrlCredentials): string {
  const url = new URL(location);
  if (credentials.shareKey !== undefined) url.searchParams.set('share', credentials.shareKey);
  if (credentials.jwtToken !== undefined) url.searchParams.set('jwt_token', credentials.jwtToken);
  return url.toString();
}

/** The URL without its credentials: where the reader is sent once they are kept in cookies. */
export function withoutCredentials(url: URL): string {
  const clean = new URL(url);
  clean.searchParams.delete('share');
  clean.searchParams.delete('jwt_token');
  return `${clean.pathname}${clean.search}${clean.hash}`;
}

/**
 * Keeps the credentials that opened a site in HttpOnly cookies scoped to the site's path, so
 * every page the reader then opens is opened the same way, with URLs free of secrets.
 */
export function keepCredentials(c: Context, content: SiteContent, credentials: UrlCredentials) {
  const options = {
    path: content.siteBasePath,
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
    sameSite: 'Lax' as const,
  };
  if (credentials.shareKey !== undefined) setCookie(c, shareCookie, credentials.shareKey, options);
  if (credentials.jwtToken !== undefined)
    setCookie(c, visitorCookie, credentials.jwtToken, options);
}

/** The URL to resolve, with the share key the reader's cookie keeps, and their visitor token. */
export function keptCredentials(c: Context, url: URL): { url: string; jwtToken?: string } {
  const shareKey = getCookie(c, shareCookie);
  const jwtToken = getCookie(c, visitorCookie);
  const withKey = new URL(url);
  if (shareKey !== undefined && !withKey.searchParams.has('share')) {
    withKey.searchParams.set('share', shareKey);
  }
  return { url: withKey.toString(), ...(jwtToken === undefined ? {} : { jwtToken }) };
}
