import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuireClient, type QuireClient } from '@quire/client';
import { loadOpenApiDocument } from '@quire/contract';
import { pino } from 'pino';
import { createApp } from '../../src/app.js';
import {
  type AskEngineConfig,
  defaultIntegrationScriptLimits,
  type EmbeddingsConfig,
  type IntegrationScriptLimits,
  type RateLimitSettings,
  type TranslationEngineConfig,
} from '../../src/config.js';
import { createOrganizationAsAdmin } from '../../src/domain/organizations/create-organization.js';
import { createUserWithToken } from '../../src/domain/users/create-user.js';
import { jobHandlers } from '../../src/jobs/job-handlers.js';
import { createJobRunner, type JobRunner } from '../../src/jobs/job-runner.js';
import type { MemberRole } from '../../src/model/roles.js';
import { type AppServices, createAppServices } from '../../src/services/app-services.js';
import { createLocalBlobStore } from '../../src/store/blobs/local-blob-store.js';
import type { UserRecord } from '../../src/store/users.js';
import { contractCheckedFetch } from './contract-fetch.js';
import { joinTestDatabase, openTestDatabase } from './test-database.js';
import { testPasswordHashCost } from './test-passwords.js';

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
  services: AppServices;
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
  /** The folder the server keeps file bytes in. */
  filesDir: string;
  /** How many rows a table holds now. */
  countRows(
    table:
      | 'content_objects'
      | 'revisions'
      | 'events'
      | 'jobs'
      | 'webhook_deliveries'
      | 'site_insight_events'
      | 'users',
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
  askEngine,
  embeddings,
  openApiFetchTimeoutMs,
  integrationScriptLimits = defaultIntegrationScriptLimits,
  rateLimits,
  secondProcessOf: first,
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
  /** The model that answers questions; none unless given. */
  askEngine?: AskEngineConfig;
  /** The endpoint sections are embedded with; none unless given. */
  embeddings?: EmbeddingsConfig;
  /** How long each fetch of an OpenAPI spec's files may take; the app's default if unset. */
  openApiFetchTimeoutMs?: number;
  /** What one run of an integration's script may take; the app's defaults if unset. */
  integrationScriptLimits?: IntegrationScriptLimits;
  /** How many requests a minute each caller may make; no limits unless given. */
  rateLimits?: RateLimitSettings;
  /**
   * Another test server, to run as a second server process of its deployment: on its database
   * (with connections of its own), its files and its clock. The first server owns them all.
   */
  secondProcessOf?: TestServer;
} = {}): Promise<TestServer> {
  const database =
    first === undefined ? await openTestDatabase() : joinTestDatabase(first.databaseUrl);
  const filesDir = first?.filesDir ?? (await mkdtemp(join(tmpdir(), 'quire-test-files-')));
  let current = new Date('2026-01-15T10:00:00.000Z');
  const clock: TestClock = first?.clock ?? {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current = new Date(current.getTime() + milliseconds);
    },
  };
  const services = await createAppServices(
    {
      publicUrl,
      requestBodyLimit,
      corsOrigins,
      fileSizeLimit,
      outboundAllowPrivate,
      integrationScriptLimits,
      translationEngine,
      askEngine,
      embeddings,
      rateLimits,
      passwordHashCost: testPasswordHashCost,
      ...(pdfExportWaitMs === undefined ? {} : { pdfExportWaitMs }),
      ...(openApiFetchTimeoutMs === undefined ? {} : { openApiFetchTimeoutMs }),
    },
    {
      db: database.db,
      dialect: database.dialect,
      clock,
      logger: pino({ level: 'silent' }),
      blobs: createLocalBlobStore(filesDir),
    },
  );
  const app = createApp(services, document);
  const jobs = createJobRunner({
    db: services.db,
    dialect: services.dialect,
    clock,
    logger: services.logger,
    jobs: jobHandlers(services, { auditRetentionDays: 365 }),
  });
  const fetch = contractCheckedFetch((request) => app.fetch(request), document);
  const clientWith = (token?: string) =>
    createQuireClient({ baseUrl: testBaseUrl, fetch, ...(token === undefined ? {} : { token }) });

  return {
    services,
    clock,
    jobs,
    fetch,
    clientWith,
    async createUser(membership) {
      userCount += 1;
      const { user, token } = await createUserWithToken(
        services.db,
        { email: `user${userCount}@example.com`, displayName: `User ${userCount}`, membership },
        clock.now(),
      );
      return { user, token, client: clientWith(token) };
    },
    async countRows(table) {
      const row = await services.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async createOrganization(admin, title = 'Acme docs') {
      const organization = await createOrganizationAsAdmin(
        services.db,
        { user: admin.user },
        { title },
        clock.now(),
      );
      return organization.id;
    },
    databaseUrl: database.url,
    filesDir,
    async close() {
      await jobs.stop();
      await services.documents.close();
      await database.drop();
      if (first === undefined) await rm(filesDir, { recursive: true, force: true });
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
