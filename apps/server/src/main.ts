import { createApp } from './app.js';
import { systemClock } from './clock.js';
import { createCollabServer } from './collab/collab-server.js';
import { ConfigError, loadConfig } from './config.js';
import { type Bootstrapped, bootstrapEmptyDatabase } from './domain/bootstrap.js';
import { listenToHeadMoves } from './domain/content/head-moves.js';
import { indexSpacesMissingFromIndexes } from './domain/content-index/index-missing-spaces.js';
import { searchAndLinkIndexes } from './domain/content-index/search-and-link-indexes.js';
import { recordPublicUrl } from './domain/instance/public-url.js';
import { loadVisitorClaimsKey } from './domain/members/visitor-claims.js';
import { listen } from './http/listen.js';
import { jobHandlers } from './jobs/job-handlers.js';
import { createJobRunner } from './jobs/job-runner.js';
import { scheduleRecurringJobs } from './jobs/recurring-jobs.js';
import { sweeps } from './jobs/sweeps.js';
import { createLogger } from './logger.js';
import { createAppServices } from './services/app-services.js';
import { openBlobStore } from './store/blobs/open-blob-store.js';
import { openDatabase } from './store/database/dialect.js';
import { migrateToLatest } from './store/database/migrate.js';

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
      passwordHashCost: config.passwordHashCost,
    },
    systemClock.now(),
  );
  if (bootstrapped !== undefined) {
    logger.info(
      { userId: bootstrapped.userId, organizationId: bootstrapped.organizationId },
      'first start: created the owner, an organization and an API token',
    );
    process.stdout.write(firstStartMessage(bootstrapped, config.publicUrl));
  }
  // The CLI hands out URLs too; it reads this one when it runs without PUBLIC_URL or PORT.
  await recordPublicUrl(db, config.publicUrl, systemClock.now());

  // Made now rather than on the first ping, so the JWKS is the same from the first request.
  await loadVisitorClaimsKey(db, systemClock.now());
  const services = await createAppServices(config, {
    db,
    dialect,
    clock: systemClock,
    logger,
    blobs: openBlobStore(config),
  });
  const app = createApp(services);
  // Only the indexes: a space indexed late is no new head to export or translate.
  const indexes = listenToHeadMoves([
    searchAndLinkIndexes({ dialect, appOrigin: config.publicUrl }),
  ]);
  const indexed = await indexSpacesMissingFromIndexes(db, indexes);
  if (indexed > 0) logger.info({ spaces: indexed }, 'indexed spaces for search and links');
  const jobs = createJobRunner({
    db,
    dialect,
    clock: systemClock,
    logger,
    jobs: jobHandlers(services, config),
  });
  await scheduleRecurringJobs(db, sweeps(services, config), systemClock.now());
  jobs.start();
  const collab = createCollabServer(services, {
    databaseUrl: dialect === 'postgres' ? config.databaseUrl : undefined,
  });
  const server = listen(
    app,
    config,
    logger,
    (info) => {
      logger.info(
        { address: info.address, port: info.port, publicUrl: config.publicUrl },
        'quire is listening',
      );
    },
    collab.handleUpgrade,
  );
  server.once('error', (error: NodeJS.ErrnoException) => {
    const taken = error.code === 'EADDRINUSE';
    process.stderr.write(
      taken
        ? `quire: ${config.host}:${config.port} is already in use: stop what listens there, or set PORT\n`
        : `quire: cannot listen on ${config.host}:${config.port}: ${error.message}\n`,
    );
    process.exit(1);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    // People editing together are written and disconnected first: their sockets would keep
    // close() waiting. close() stops accepting connections and calls back once in-flight
    // requests are answered.
    void collab.close().finally(() => {
      server.close(async () => {
        await jobs.stop();
        await services.documents.close();
        await db.destroy();
        logger.info('stopped');
        logger.flush(() => process.exit(0));
      });
      server.closeIdleConnections();
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

// The owner's ids are printed every first start; the token only when the server made it, since
// a BOOTSTRAP_TOKEN is already known to whoever set it. Only the token's hash is stored.
function firstStartMessage(bootstrapped: Bootstrapped, publicUrl: string): string {
  const lines = [
    '',
    `quire: first start: created the owner (user ${bootstrapped.userId}) and the organization ${bootstrapped.organizationId}`,
  ];
  if (bootstrapped.tokenWasGenerated) {
    lines.push(
      `quire: your API token (shown once): ${bootstrapped.token}`,
      `quire: try it: curl -H "Authorization: Bearer ${bootstrapped.token}" ${publicUrl}/v1/orgs`,
    );
  } else {
    lines.push(
      `quire: sign in with BOOTSTRAP_TOKEN: curl -H "Authorization: Bearer $BOOTSTRAP_TOKEN" ${publicUrl}/v1/orgs`,
    );
  }
  lines.push(
    `quire: sign in at ${publicUrl}/app as ${bootstrapped.email} with the password (shown once): ${bootstrapped.password}`,
    `quire: set another with: npx --yes pnpm@10 --silent cli users password --email ${bootstrapped.email}`,
  );
  return `${lines.join('\n')}\n\n`;
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
