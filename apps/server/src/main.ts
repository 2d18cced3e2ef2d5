import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { bootstrapEmptyDatabase } from './domain/bootstrap.js';
import { startPurgeOfDeletedSpaces } from './jobs/purge-deleted-spaces.js';
import { createLogger } from './logger.js';
import { createUrls } from './presenters/urls.js';
import { openDatabase } from './store/dialect.js';
import { migrateToLatest } from './store/migrate.js';

// Process entry: config → database → migrations → first-start bootstrap → app → listen.
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const { db, dialect } = openDatabase(config.databaseUrl);
  await migrateToLatest(db, dialect);

  const bootstrapped = await bootstrapEmptyDatabase(
    db,
    {
      email: config.bootstrapEmail,
      organizationTitle: config.bootstrapOrg,
      token: config.bootstrapToken,
    },
    systemClock.now(),
  );
  if (bootstrapped !== undefined) {
    logger.info(
      { userId: bootstrapped.userId, organizationId: bootstrapped.organizationId },
      'first start: created the owner, an organization and an API token',
    );
    if (bootstrapped.tokenWasGenerated) {
      // Shown once, on stdout for the person starting the server; only its hash is stored.
      process.stdout.write(
        `\nquire: your API token (shown once): ${bootstrapped.token}\n` +
          `quire: try it: curl -H "Authorization: Bearer ${bootstrapped.token}" ${config.publicUrl}/v1/orgs\n\n`,
      );
    }
  }

  const deps = {
    db,
    dialect,
    clock: systemClock,
    urls: createUrls(config.publicUrl),
    logger,
    requestBodyLimit: config.requestBodyLimit,
  };
  const app = createApp(deps);
  const stopPurge = startPurgeOfDeletedSpaces(db, systemClock, logger);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { address: info.address, port: info.port, publicUrl: config.publicUrl },
      'quire is listening',
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    stopPurge();
    // close() stops accepting connections and calls back once in-flight requests are answered.
    server.close(async () => {
      await db.destroy();
      logger.info('stopped');
      logger.flush(() => process.exit(0));
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`quire: ${error.message}\n`);
  } else {
    process.stderr.write(
      `quire: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
