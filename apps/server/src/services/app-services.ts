import type { HttpClient } from 'isomorphic-git';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createAppCaches } from '../caches/app-caches.js';
import { cacheBudget, defaultCacheMegabytes } from '../caches/cache-budget.js';
import { attachDatabaseCaches } from '../caches/database-caches.js';
import type { Clock } from '../clock.js';
import {
  type AskEngineConfig,
  defaultPasswordHashCost,
  type EmbeddingsConfig,
  type IntegrationScriptLimits,
  type RateLimitSettings,
  type TranslationEngineConfig,
} from '../config.js';
import type { MergeServices } from '../domain/change-requests/run-merge.js';
import { listenToHeadMoves } from '../domain/content/head-moves.js';
import type { ContentWriteServices } from '../domain/content/prepare-changes.js';
import { searchAndLinkIndexes } from '../domain/content-index/search-and-link-indexes.js';
import { spaceEmbeddings } from '../domain/embeddings/queue-space-embeddings.js';
import { createFileUrlSigner } from '../domain/files/file-urls.js';
import { gitSyncExports } from '../domain/git-sync/git-sync-exports.js';
import { gitSyncSealer } from '../domain/git-sync/git-sync-sealer.js';
import type { ImportContentServices } from '../domain/imports/import-content.js';
import { type InstanceKeys, loadInstanceKeys } from '../domain/instance/instance-keys.js';
import type { SecretSealer } from '../domain/instance/sealed-secrets.js';
import { readerTokens } from '../domain/published/reader-tokens.js';
import { shareKeys } from '../domain/sites/share-keys.js';
import { translationRuns } from '../domain/translations/queue-translation-runs.js';
import { gitHttpClient } from '../outbound/git-http-client.js';
import { createUrls } from '../presenters/urls.js';
import type { BlobStore } from '../store/blobs/blob-store.js';
import { changeVersionOf } from '../store/database/change-version.js';
import { type DialectName, postgresPoolOf } from '../store/database/dialect.js';
import { vectorSearchOf } from '../store/database/section-vectors.js';
import { tableVersionsOf } from '../store/database/table-versions.js';
import type { Database } from '../store/schema.js';
import { createDocumentConverter } from '../workers/document-converter.js';
import { createIntegrationScripts } from '../workers/integration-scripts.js';
import { createSpecValidator } from '../workers/spec-validator.js';
import { createSharedWorkerPool } from '../workers/worker-pool.js';
import { contentWriteServices, mergeServices } from './content-ports.js';
import type { CoreServices } from './core-services.js';
import { importServices } from './import-ports.js';
import { createRateLimits } from './rate-limits.js';

/**
 * What every handler, job and endpoint of the server receives: the core services, and the
 * ports the domain needs, made from them once, here.
 */
export interface AppServices extends CoreServices {
  /** Page bodies converted, files stored and fetched, heads followed: for every content write. */
  contentWrites: ContentWriteServices;
  /** What merges and updates from the space need besides the database. */
  merges: MergeServices;
  /** Content writes, and sources fetched and converted, for imports. */
  imports: ImportContentServices;
  /** Seals and opens Git sync's secrets: requests, credentials, webhook secrets. */
  gitSecrets: SecretSealer;
  /** How Git remotes are reached: through the outbound guard, as the configuration allows. */
  gitRemotes: HttpClient;
}

/** The settings the services are made with: the configuration's, or a test's or benchmark's. */
export interface ServiceSettings {
  /** `PUBLIC_URL`: the base of every absolute URL answered. */
  publicUrl: string;
  requestBodyLimit: number;
  corsOrigins?: readonly string[] | '*' | undefined;
  fileSizeLimit: number;
  outboundAllowPrivate: boolean;
  integrationScriptLimits: IntegrationScriptLimits;
  translationEngine?: TranslationEngineConfig | undefined;
  askEngine?: AskEngineConfig | undefined;
  embeddings?: EmbeddingsConfig | undefined;
  openApiFetchTimeoutMs?: number;
  pdfExportWaitMs?: number;
  /** `SECRETS_KEY`; unset, the key kept in the database. */
  secretsKey?: Buffer | undefined;
  /** `CACHE_MB` in bytes: what all caches may hold together; 256 MiB unless given. */
  cacheBytes?: number;
  /** How many requests a minute each caller may make; unset, no limits. */
  rateLimits?: RateLimitSettings | undefined;
  /** `PASSWORD_HASH_COST`; OWASP's floor unless given. */
  passwordHashCost?: number;
}

/** What the services run on: the database, the time, the log and the file store. */
export interface ServiceGrounds {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  logger: Logger;
  blobs: BlobStore;
  /** The server's secret keys; unset, loaded from the database (made there on first start). */
  keys?: InstanceKeys;
}

/** Each request to a Git remote may take this long: a repository's pack is one request. */
const gitRequestTimeoutMs = 120_000;
/** The largest pack a fetch downloads. */
const gitMaxBytes = 500 * 1024 * 1024;

/**
 * The composition root: makes the server's services once, for `main.ts`, the test server and
 * the benchmarks alike. `adjust` changes the dependencies before the ports are made from them
 * (a benchmark wraps what it times).
 * @example const services = await createAppServices(config, { db, dialect, clock, logger, blobs });
 */
export async function createAppServices(
  settings: ServiceSettings,
  { db, dialect, clock, logger, blobs, ...grounds }: ServiceGrounds,
  adjust: (core: CoreServices) => CoreServices = (core) => core,
): Promise<AppServices> {
  const keys =
    grounds.keys ?? (await loadInstanceKeys(db, clock.now(), { secretsKey: settings.secretsKey }));
  const workers = createSharedWorkerPool();
  const budget = cacheBudget(settings.cacheBytes ?? defaultCacheMegabytes * 1024 * 1024);
  const caches = createAppCaches(budget, {
    changes: changeVersionOf(db),
    tables: tableVersionsOf(db),
  });
  attachDatabaseCaches(db, caches);
  const gitSecrets = gitSyncSealer(keys.secretsKey);
  const core = adjust({
    db,
    dialect,
    clock,
    urls: createUrls(settings.publicUrl),
    logger,
    requestBodyLimit: settings.requestBodyLimit,
    corsOrigins: settings.corsOrigins,
    keys,
    blobs,
    fileUrls: createFileUrlSigner({ key: keys.fileUrlKey, publicUrl: settings.publicUrl }),
    fileSizeLimit: settings.fileSizeLimit,
    outboundAllowPrivate: settings.outboundAllowPrivate,
    // The one worker pool; closing the converter stops it.
    documents: createDocumentConverter({ workers }),
    validateSpec: createSpecValidator(workers),
    integrationScripts: createIntegrationScripts(workers, {
      limits: settings.integrationScriptLimits,
      outboundAllowPrivate: settings.outboundAllowPrivate,
    }),
    caches,
    shareKeys: shareKeys(keys.pageTokenKey),
    readerTokens: readerTokens(keys.pageTokenKey, { maxBytes: budget.readerTokens }),
    rateLimits:
      settings.rateLimits === undefined
        ? undefined
        : createRateLimits(settings.rateLimits, { pool: postgresPoolOf(db), logger }),
    passwordHashCost: settings.passwordHashCost ?? defaultPasswordHashCost,
    // Everything that moves with a head in the writer's transaction, in this order.
    headMoveListeners: listenToHeadMoves([
      searchAndLinkIndexes({ dialect, appOrigin: settings.publicUrl }),
      translationRuns(clock),
      gitSyncExports(gitSecrets, clock),
      ...(settings.embeddings === undefined ? [] : [spaceEmbeddings(clock)]),
    ]),
    ...(settings.pdfExportWaitMs === undefined
      ? {}
      : { pdfExportWaitMs: settings.pdfExportWaitMs }),
    ...(settings.translationEngine === undefined
      ? {}
      : { translationEngine: settings.translationEngine }),
    ...(settings.askEngine === undefined ? {} : { askEngine: settings.askEngine }),
    ...(settings.embeddings === undefined ? {} : { embeddings: settings.embeddings }),
    vectorSearch: await vectorSearchOf(db, dialect),
    ...(settings.openApiFetchTimeoutMs === undefined
      ? {}
      : { openApiFetchTimeoutMs: settings.openApiFetchTimeoutMs }),
  });
  return {
    ...core,
    contentWrites: contentWriteServices(core),
    merges: mergeServices(core),
    imports: importServices(core),
    gitSecrets,
    gitRemotes: gitHttpClient({
      allowPrivate: core.outboundAllowPrivate,
      timeoutMs: gitRequestTimeoutMs,
      maxBytes: gitMaxBytes,
    }),
  };
}
