import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { InstanceKeys } from './domain/instance/instance-keys.js';
import type { Urls } from './presenters/urls.js';
import type { DialectName } from './store/dialect.js';
import type { Database } from './store/schema.js';

/** What the app is built from: everything with state or I/O, so tests can pass their own. */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  urls: Urls;
  logger: Logger;
  /** Request bodies larger than this many bytes are refused with 413. */
  requestBodyLimit: number;
  /** Browser origins allowed to call the API (`'*'`: any); `undefined` turns CORS off. */
  corsOrigins?: readonly string[] | '*' | undefined;
  /** The server's secret keys, shared by every process on the database. */
  keys: InstanceKeys;
}
