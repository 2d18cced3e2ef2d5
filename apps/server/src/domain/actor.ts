import type { UserRecord } from '../store/users.js';
import type { VisitorClaims } from './sites/conditions.js';

/** Who is acting: the user an API token belongs to. Passed explicitly to every domain call. */
export interface Actor {
  user: UserRecord;
  /** The request acting (`X-Request-Id`), recorded with the events it causes. */
  requestId?: string | undefined;
  /** The app's session the request came with, when it came with one rather than a token. */
  sessionId?: string | undefined;
}

/** How a site reader came to read the site; checked again on every use of its token. */
export type SiteReaderAccess =
  | { visibility: 'public' | 'unlisted' }
  | { visibility: 'share-link'; shareLinkId: string }
  | { visibility: 'visitor-auth'; keyId: string };

/**
 * A visitor of a published site, reading through the short-lived token
 * `resolvePublishedContentByUrl` answered: what the site publishes, as their claims let them.
 */
export interface SiteReader {
  kind: 'site-reader';
  organizationId: string;
  siteId: string;
  access: SiteReaderAccess;
  visitor: VisitorClaims;
  requestId?: string | undefined;
}

/** Whoever calls an operation that site readers may call too. */
export type Caller = Actor | SiteReader;

/** Whether the caller is a site's reader rather than a user. */
export function isSiteReader(caller: Caller): caller is SiteReader {
  return 'kind' in caller && caller.kind === 'site-reader';
}
