import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuireClient, type QuireClient } from '@quire/client';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { defaultIntegrationScriptLimits } from '../src/config.js';
import { bootstrapEmptyDatabase } from '../src/domain/bootstrap.js';
import { type AppServices, createAppServices } from '../src/services/app-services.js';
import type { CoreServices } from '../src/services/core-services.js';
import { createLocalBlobStore } from '../src/store/blobs/local-blob-store.js';
import { openDatabase } from '../src/store/database/dialect.js';
import { migrateToLatest } from '../src/store/database/migrate.js';
import type { Database } from '../src/store/schema.js';

/** An in-process server on a fresh SQLite file, with a client calling it without sockets. */
export interface BenchApp {
  app: ReturnType<typeof createApp>;
  client: QuireClient;
  /** What the app was made with, `adjust` applied. */
  services: AppServices;
  /** The database as the benchmark reads it, without what `adjust` wrapped around it. */
  db: Kysely<Database>;
  /** The id of the bootstrapped organization. */
  organizationId: string;
  baseUrl: string;
  token: string;
  /** Stops the worker threads, closes the database and removes its folder. */
  close(): Promise<void>;
}

export interface BenchAppOptions {
  /** Prefix of the temporary folder the database and files live in. */
  name: string;
  /** Whether imports may fetch from loopback (a fixture server). */
  outboundAllowPrivate?: boolean;
  /** Changes the dependencies before the app is made: a benchmark wraps what it times. */
  adjust?: (core: CoreServices) => CoreServices;
  /** Where the app is reached, when a browser reaches it over a socket. */
  publicUrl?: string;
}

const token = 'qr_benchmark_token_0123456789';
const defaultBaseUrl = 'http://quire.bench';

/**
 * Starts the app as `main.ts` does (migrations, bootstrap, the search and link indexes, worker
 * threads), on an SQLite file in a temporary folder: every benchmark measures the same server.
 * @example
 * const bench = await startBenchApp({ name: 'content' });
 * try { await bench.client.GET('/orgs'); } finally { await bench.close(); }
 */
export async function startBenchApp({
  name,
  outboundAllowPrivate = false,
  adjust = (core) => core,
  publicUrl: baseUrl = defaultBaseUrl,
}: BenchAppOptions): Promise<BenchApp> {
  const workdir = mkdtempSync(join(tmpdir(), `quire-${name}-bench-`));
  const { db, dialect } = openDatabase(`sqlite:${join(workdir, 'quire.db')}`);
  let services: AppServices | undefined;
  const close = async () => {
    await services?.documents.close();
    await db.destroy();
    rmSync(workdir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db, dialect);
    const bootstrapped = await bootstrapEmptyDatabase(
      db,
      { email: 'bench@quire.local', organizationTitle: 'Bench', token },
      systemClock.now(),
    );
    if (bootstrapped === undefined) throw new Error('The new database was not bootstrapped');
    services = await createAppServices(
      {
        publicUrl: baseUrl,
        requestBodyLimit: 5 * 1024 * 1024,
        fileSizeLimit: 10 * 1024 * 1024,
        outboundAllowPrivate,
        integrationScriptLimits: defaultIntegrationScriptLimits,
      },
      {
        db,
        dialect,
        clock: systemClock,
        logger: pino({ level: 'silent' }),
        blobs: createLocalBlobStore(join(workdir, 'files')),
      },
      adjust,
    );
    const app = createApp(services);
    const client = createQuireClient({
      baseUrl,
      token,
      fetch: async (request) => app.fetch(request),
    });
    return {
      app,
      client,
      services,
      db,
      organizationId: bootstrapped.organizationId,
      baseUrl,
      token,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
