import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { AskEngineConfig, EmbeddingsConfig } from '../../config.js';
import type { DialectName } from '../../store/database/dialect.js';
import type { Database } from '../../store/schema.js';
import type { VectorSearch } from '../../store/section-embeddings.js';
import type { ShareKeys } from '../sites/share-keys.js';

/** Where answers link pages: `site(id)` is a published site's root (ending in `/`), `app(…)` the app's. */
export interface AskUrls {
  site(siteId: string): string;
  app(...segments: string[]): string;
}

/** Counts the questions a site takes a minute; `undefined` when no limit is counted. */
export interface QuestionBudget {
  consume(
    bucket: 'askSite',
    key: string,
  ): Promise<{ allowed: boolean; limit: number; resetInMs: number } | undefined>;
}

/**
 * What answering questions needs of the app: the database, its time and log, the keys that open
 * share links, where sites and the app serve pages, the questions' budget, and the configured model and
 * embeddings endpoint (either may be absent).
 */
export interface AskServices {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  logger: Logger;
  shareKeys: ShareKeys;
  urls: AskUrls;
  rateLimits?: QuestionBudget | undefined;
  askEngine?: AskEngineConfig | undefined;
  embeddings?: EmbeddingsConfig | undefined;
  /** Where section embeddings are compared; in this process unless given. */
  vectorSearch?: VectorSearch;
}
