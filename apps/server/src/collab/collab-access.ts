import { parse } from 'hono/utils/cookie';
import type { Kysely } from 'kysely';
import type { Actor } from '../domain/actor.js';
import { findSpaceForCaller } from '../domain/spaces/space-access.js';
import { authenticateApiToken } from '../domain/users/api-tokens.js';
import { authenticateSession } from '../domain/users/sessions.js';
import { sessionCookieName } from '../http/session-cookie.js';
import { roleAtLeast } from '../model/roles.js';
import { findChangeRequest } from '../store/change-requests.js';
import type { Database } from '../store/schema.js';
import { type CollabTarget, isPage } from './document-names.js';
import { pageDocumentAt } from './page-source.js';

/** The provider's `token` that means "the app's session cookie", which scripts cannot read. */
export const sessionToken = 'session';

/** Who is connected to a document, and what they may do there. */
export interface CollabAccess {
  actor: Actor;
  /** `read` and `comment` members see the page and who is there, and change nothing. */
  readOnly: boolean;
}

/** Why a connection is refused, said to the provider (`onAuthenticationFailed`). */
export class CollabRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Who a connection is: the user of an API token, or the person of the app's session cookie when
 * the token is {@link sessionToken}. A browser sends the cookie with a socket any site opens to
 * this server, so it counts only when the socket was opened by a page of the app's own origin.
 */
export async function collabActor(
  db: Kysely<Database>,
  token: string,
  headers: Headers,
  appOrigin: string,
  now: Date,
): Promise<Actor> {
  if (token !== sessionToken) {
    const user = await authenticateApiToken(db, token);
    if (user === undefined) throw new CollabRefusal('Invalid or revoked API token');
    return { user };
  }
  if (headers.get('origin') !== appOrigin) {
    throw new CollabRefusal('A session counts only on sockets the Quire app opens');
  }
  const cookie = parse(headers.get('cookie') ?? '', sessionCookieName)[sessionCookieName];
  const found = cookie === undefined ? undefined : await authenticateSession(db, cookie, now);
  if (found === undefined) throw new CollabRefusal('The session has ended: sign in again');
  return { user: found.user, sessionId: found.session.id };
}

/**
 * What `actor` may do in `target`'s document: write with `edit` or above on an open change
 * request (or a live space), read with `read` or above; anything else, or a page that is not a
 * document there, is refused. A room holds no content: anyone who may read is there read-only.
 * A refusal never says whether the space exists.
 */
export async function collabAccess(
  db: Kysely<Database>,
  actor: Actor,
  target: CollabTarget,
): Promise<CollabAccess> {
  const refused = new CollabRefusal('No such page, or no access to it');
  const found = await findSpaceForCaller(db, actor, target.spaceId);
  if (found === undefined || !roleAtLeast(found.role, 'read')) throw refused;
  const { space, role } = found;
  let head = space.revisionId;
  let writable = space.editMode === 'live';
  if (target.changeRequestId !== null) {
    const found = await findChangeRequest(db, space.id, target.changeRequestId);
    if (found === undefined) throw refused;
    head = found.changeRequest.revisionId;
    writable = found.changeRequest.status === 'open' || found.changeRequest.status === 'draft';
  }
  if (!isPage(target)) return { actor, readOnly: true };
  if ((await pageDocumentAt(db, space.id, head, target.pageId)) === undefined) throw refused;
  const readOnly = !writable || space.editMode === 'locked' || !roleAtLeast(role, 'edit');
  return { actor, readOnly };
}
