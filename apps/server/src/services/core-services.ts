import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppCaches } from '../caches/app-caches.js';
import type { Clock } from '../clock.js';
import type { AskEngineConfig, EmbeddingsConfig, TranslationEngineConfig } from '../config.js';
import type { HeadMoveListeners } from '../domain/content/head-moves.js';
import type { FileUrlSigner } from '../domain/files/file-urls.js';
import type { InstanceKeys } from '../domain/instance/instance-keys.js';
import type { SpecValidator } from '../domain/openapi/validate-spec.js';
import type { ReaderTokens } from '../domain/published/reader-tokens.js';
import type { ShareKeys } from '../domain/sites/share-keys.js';
import type { Urls } from '../presenters/urls.js';
import type { BlobStore } from '../store/blobs/blob-store.js';
import type { DialectName } from '../store/database/dialect.js';
import type { Database } from '../store/schema.js';
import type { VectorSearch } from '../store/section-embeddings.js';
import type { DocumentConverter } from '../workers/document-converter.js';
import type { IntegrationScripts } from '../workers/integration-scripts.js';
import type { RateLimits } from './rate-limits.js';

/** What the app is built from: everything with state or I/O, so tests can pass their own. */
export interface CoreServices {
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
  /** Where file bytes live, by SHA-256. */
  blobs: BlobStore;
  /** Makes and checks the signed URLs files are downloaded from. */
  fileUrls: FileUrlSigner;
  /** Largest file, in bytes, that an upload or an import may store. */
  fileSizeLimit: number;
  /** Whether outbound fetches may reach private and loopback addresses. */
  outboundAllowPrivate: boolean;
  /** Converts page bodies between Markdown and documents, large ones on worker threads. */
  documents: DocumentConverter;
  /** Runs published integration scripts in a sandbox, on the same worker pool. */
  integrationScripts: IntegrationScripts;
  /** Validates OpenAPI specs, on the same worker pool. */
  validateSpec: SpecValidator;
  /**
   * What moves with every head a write moves, in its transaction: the search and link indexes,
   * and the translation runs and Git exports it queues.
   */
  headMoveListeners: HeadMoveListeners;
  /** Every cache of the server, bounded in bytes; the database's are attached to it. */
  caches: AppCaches;
  /** Makes, seals and opens the keys of share links, under the server's secret. */
  shareKeys: ShareKeys;
  /** Signs and checks the tokens readers of published sites read with. */
  readerTokens: ReaderTokens;
  /** Counts requests against the rate limits; none: no limits (tests). */
  rateLimits?: RateLimits | undefined;
  /** scrypt's cost for the passwords set here, as the power of two of its N. */
  passwordHashCost: number;
  /**
   * How long a download of a PDF still being made waits for it before answering 503 with
   * `Retry-After`; 25 seconds unless given.
   */
  pdfExportWaitMs?: number;
  /** The engine translations run on; none: their runs wait. */
  translationEngine?: TranslationEngineConfig | undefined;
  /** The model that answers questions; none: questions are answered with the best sections. */
  askEngine?: AskEngineConfig | undefined;
  /** The endpoint sections are embedded with; none: answers are found by their words alone. */
  embeddings?: EmbeddingsConfig | undefined;
  /** Where section embeddings are compared: by pgvector in the database, or in this process. */
  vectorSearch: VectorSearch;
  /** How long each fetch of an OpenAPI spec's files may take; 10 seconds unless given. */
  openApiFetchTimeoutMs?: number;
}
