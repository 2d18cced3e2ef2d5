import type { UserRecord } from '../store/users.js';

/** Who is acting: the user an API token belongs to. Passed explicitly to every domain call. */
export interface Actor {
  user: UserRecord;
  /** The request acting (`X-Request-Id`), recorded with the events it causes. */
  requestId?: string | undefined;
}
