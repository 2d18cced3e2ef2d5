import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuireClient, type QuireClient } from '@quire/client';
import { loadOpenApiDocument } from '@quire/contract';
import { pino } from 'pino';
import { createApp } from '../../src/app.js';
import {
  defaultIntegrationScriptLimits,
  type IntegrationScriptLimits,
  type TranslationEngineConfig,
} from '../../src/config.js';
import type { AppDeps } from '../../src/deps.js';
import { contentIndexFollowers } from '../../src/domain/content-index/content-index-followers.js';
import { createFileUrlSigner } from '../../src/domain/files/file-urls.js';
import { withGitSyncExports } from '../../src/domain/git-sync/git-sync-follower.js';
import { gitSyncSealer } from '../../src/domain/git-sync/git-sync-sealer.js';
import { loadInstanceKeys } from '../../src/domain/instance/instance-keys.js';
import { createOrganizationAsAdmin } from '../../src/domain/organizations/create-organization.js';
import { withTranslationRuns } from '../../src/domain/translations/translation-queue.js';
import { createUserWithToken } from '../../src/domain/users/create-user.js';
import { createAnswerCache } from '../../src/http/answer-cache.js';
import { jobHandlers } from '../../src/jobs/job-handlers.js';
import { createJobRunner, type JobRunner } from '../../src/jobs/job-runner.js';
import type { MemberRole } from '../../src/model/roles.js';
import { createUrls } from '../../src/presenters/urls.js';
import { createLocalBlobStore } from '../../src/store/blobs/local-blob-store.js';
import type { UserRecord } from '../../src/store/users.js';
import { createDocumentConverter } from '../../src/workers/document-converter.js';
import { createIntegrationScripts } from '../../src/workers/integration-scripts.js';
import { createRenderedMarkdownCache } from '../../src/workers/rendered-markdown-cache.js';
import { createSharedWorkerPool } from '../../src/workers/worker-pool.js';
import { contractCheckedFetch } from './contract-fetch.js';
import { openTestDatabase } from './test-database.js';

export const testBaseUrl = 'http://quire.test';
const document = loadOpenApiDocument();

/** A clock the test moves by hand. */
export interface TestClock {
  now(): Date;
  advance(milliseconds: number): void;
}

/** A user of the test server, with a client acting as them. */
export interface TestUser {
  user: UserRecord;
  token: string;
  client: QuireClient;
}

/** An in-process Quire server on its own database, reached through the typed client. */
export interface TestServer {
  deps: AppDeps;
  clock: TestClock;
  /** The background jobs, run when the test says (`runDue`); never on their own. */
  jobs: JobRunner;
  /** Sends a raw request through the contract check, for what the typed client can't send. */
  fetch(request: Request): Promise<Response>;
  /** A client with this token (or none). */
  clientWith(token?: string): QuireClient;
  /** Creates a user; with `membership`, a member of that organization with that role. */
  createUser(membership?: { organizationId: string; role: MemberRole }): Promise<TestUser>;
  /** The database's URL, for a second connection to it (another process, as far as it knows). */
  databaseUrl: string;
  /** How many rows a table holds now. */
  countRows(
    table: 'content_objects' | 'revisions' | 'events' | 'jobs' | 'webhook_deliveries',
  ): Promise<number>;
  /** Creates an organization administered by `admin`. */
  createOrganization(admin: TestUser, title?: string): Promise<string>;
  close(): Promise<void>;
}

let userCount = 0;

/**
 * Starts a test server on a fresh database, with its files in a fresh temporary directory. Close
 * it in `afterAll`.
 */
export async function startTestServer({
  requestBodyLimit = 64 * 1024,
  corsOrigins,
  fileSizeLimit = 1024 * 1024,
  outboundAllowPrivate = false,
  publicUrl = testBaseUrl,
  pdfExportWaitMs,
  translationEngine,
  openApiFetchTimeoutMs,
  integrationScriptLimits = defaultIntegrationScriptLimits,
}: {
  requestBodyLimit?: number;
  corsOrigins?: readonly string[] | '*';
  fileSizeLimit?: number;
  outboundAllowPrivate?: boolean;
  /** `PUBLIC_URL`: links under it are the app's own. */
  publicUrl?: string;
  /** How long a download of a PDF still being made waits for it; the app's default if unset. */
  pdfExportWaitMs?: number;
  /** The engine translations run on; none unless given. */
  translationEngine?: TranslationEngineConfig;
  /** How long each fetch of an OpenAPI spec's files may take; the app's default if unset. */
  openApiFetchTimeoutMs?: number;
  /** What one run of an integration's script may take; the app's defaults if unset. */
  integrationScriptLimits?: IntegrationScriptLimits;
} = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const filesDir = await mkdtemp(join(tmpdir(), 'quire-test-files-'));
  let current = new Date('2026-01-15T10:00:00.000Z');
  const clock: TestClock = {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current = new Date(current.getTime() + milliseconds);
    },
  };
  const keys = await loadInstanceKeys(database.db, clock.now());
  const workers = createSharedWorkerPool();
  const deps: AppDeps = {
    db: database.db,
    dialect: database.dialect,
    clock,
    urls: createUrls(publicUrl),
    logger: pino({ level: 'silent' }),
    requestBodyLimit,
    corsOrigins,
    keys,
    blobs: createLocalBlobStore(filesDir),
    fileUrls: createFileUrlSigner({ key: keys.fileUrlKey, publicUrl }),
    fileSizeLimit,
    outboundAllowPrivate,
    documents: createDocumentConverter({ workers }),
    integrationScripts: createIntegrationScripts(workers, {
      limits: integrationScriptLimits,
      outboundAllowPrivate,
    }),
    renderedMarkdown: createRenderedMarkdownCache(),
    answers: createAnswerCache(),
    headFollowers: withGitSyncExports(
      withTranslationRuns(
        contentIndexFollowers({ dialect: database.dialect, appOrigin: publicUrl }),
        clock,
      ),
      gitSyncSealer(keys.secretsKey),
      clock,
    ),
    ...(pdfExportWaitMs === undefined ? {} : { pdfExportWaitMs }),
    ...(translationEngine === undefined ? {} : { translationEngine }),
    ...(openApiFetchTimeoutMs === undefined ? {} : { openApiFetchTimeoutMs }),
  };
  const app = createApp(deps, document);
  const jobs = createJobRunner({
    db: deps.db,
    dialect: deps.dialect,
    clock,
    logger: deps.logger,
    handlers: jobHandlers(deps, { auditRetentionDays: 365 }),
  });
  const fetch = contractCheckedFetch((request) => app.fetch(request), document);
  const clientWith = (token?: string) =>
    createQuireClient({ baseUrl: testBaseUrl, fetch, ...(token === undefined ? {} : { token }) });

  return {
    deps,
    clock,
    jobs,
    fetch,
    clientWith,
    async createUser(membership) {
      userCount += 1;
      const { user, token } = await createUserWithToken(
        deps.db,
        { email: `user${userCount}@example.com`, displayName: `User ${userCount}`, membership },
        clock.now(),
      );
      return { user, token, client: clientWith(token) };
    },
    async countRows(table) {
      const row = await deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async createOrganization(admin, title = 'Acme docs') {
      const organization = await createOrganizationAsAdmin(
        deps.db,
        { user: admin.user },
        { title },
        clock.now(),
      );
      return organization.id;
    },
    databaseUrl: database.url,
    async close() {
      await jobs.stop();
      await deps.documents.close();
      await database.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** An organization with an admin, a member at `create`, one at `read`, and a user outside it. */
export interface StaffedOrganization {
  organizationId: string;
  admin: TestUser;
  creator: TestUser;
  reader: TestUser;
  outsider: TestUser;
}

/** Creates an organization and the people around it that permission tests need. */
export async function createStaffedOrganization(server: TestServer): Promise<StaffedOrganization> {
  const admin = await server.createUser();
  const organizationId = await server.createOrganization(admin);
  return {
    organizationId,
    admin,
    creator: await server.createUser({ organizationId, role: 'create' }),
    reader: await server.createUser({ organizationId, role: 'read' }),
    outsider: await server.createUser(),
  };
}
