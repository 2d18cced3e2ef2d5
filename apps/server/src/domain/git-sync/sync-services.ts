import type { HttpClient } from 'isomorphic-git';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { ContentWriteServices } from '../content/prepare-changes.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';

/** What running an import or export needs. */
export interface GitSyncServices extends ContentWriteServices {
  db: Kysely<Database>;
  sealer: SecretSealer;
  http: HttpClient;
  fileBytes(sha256: string): Promise<Uint8Array>;
  now(): Date;
}

/** What one import or export did. */
export interface SyncOutcome {
  commit: string | null;
  revisionId: string | null;
  changeRequestId?: string;
}
