import type { Session } from '@quire/contract';
import type { SessionRecord } from '../store/sessions.js';
import type { UserRecord } from '../store/users.js';
import type { Urls } from './urls.js';
import { presentUser } from './user.js';

/** A session as its owner sees it; `currentId` is the session the request came with. */
export function presentSession(
  session: SessionRecord,
  user: UserRecord,
  currentId: string | undefined,
  urls: Urls,
): Session {
  return {
    object: 'session',
    id: session.id,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.expiresAt,
    current: session.id === currentId,
    ...(session.userAgent === null ? {} : { userAgent: session.userAgent }),
    method: session.method,
    user: presentUser(user, urls),
  };
}
