import { createApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { type Bootstrapped, bootstrapEmptyDatabase } from './domain/bootstrap.js';
import { contentIndexFollowers } from './domain/content-index/content-index-followers.js';
import { indexSpacesMissingFromIndexes } from './domain/content-index/index-missing-spaces.js';
import { createFileUrlSigner } from './domain/files/file-urls.js';
import { withGitSyncExports } from './domain/git-sync/git-sync-follower.js';
import { gitSyncSealer } from './domain/git-sync/git-sync-sealer.js';
import { loadInstanceKeys } from './domain/instance/instance-keys.js';
import { recordPublicUrl } from './domain/instance/public-url.js';
import { loadVisitorClaimsKey } from './domain/members/visitor-claims.js';
import { withTranslationRuns } from './domain/translations/translation-queue.js';
import { createAnswerCache } from './http/answer-cache.js';
import { listen } from './http/listen.js';
import { jobHandlers } from './jobs/job-handlers.js';
import { createJobRunner } from './jobs/job-runner.js';
import { scheduleRecurringJobs } from './jobs/recurring-jobs.js';
import { sweeps } from './jobs/sweeps.js';
import { createLogger } from './logger.js';
import { createUrls } from './presenters/urls.js';
import { openBlobStore } from './store/blobs/open-blob-store.js';
import { openDatabase } from './store/dialect.js';
import { migrateToLatest } from './store/migrate.js';
import { createDocumentConverter } from './workers/document-converter.js';
import { createIntegrationScripts } from './workers/integration-scripts.js';
import { createRenderedMarkdownCache } from './workers/rendered-markdown-cache.js';
import { createSharedWorkerPool } from './workers/worker-pool.js';

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
    process.stdout.write(firstStartMessage(bootstrapped, config.publicUrl));
  }
  // The CLI hands out URLs too; it reads this one when it runs without PUBLIC_URL or PORT.
  await recordPublicUrl(db, config.publicUrl, systemClock.now());

  const keys = await loadInstanceKeys(db, systemClock.now(), { secretsKey: config.secretsKey });
  // Made now rather than on the first ping, so the JWKS is the same from the first request.
  await loadVisitorClaimsKey(db, systemClock.now());
  const workers = createSharedWorkerPool();
  const deps = {
    db,
    dialect,
    clock: systemClock,
    urls: createUrls(config.publicUrl),
    logger,
    requestBodyLimit: config.requestBodyLimit,
    corsOrigins: config.corsOrigins,
    keys,
    blobs: openBlobStore(config),
    fileUrls: createFileUrlSigner({ key: keys.fileUrlKey, publicUrl: config.publicUrl }),
    fileSizeLimit: config.fileSizeLimit,
    outboundAllowPrivate: config.outboundAllowPrivate,
    // The one worker pool; closing the converter at shutdown stops it.
    documents: createDocumentConverter({ workers }),
    integrationScripts: createIntegrationScripts(workers, {
      limits: config.integrationScriptLimits,
      outboundAllowPrivate: config.outboundAllowPrivate,
    }),
    renderedMarkdown: createRenderedMarkdownCache(),
    answers: createAnswerCache(),
    headFollowers: withGitSyncExports(
      withTranslationRuns(
        contentIndexFollowers({ dialect, appOrigin: config.publicUrl }),
        systemClock,
      ),
      gitSyncSealer(keys.secretsKey),
      systemClock,
    ),
    translationEngine: config.translationEngine,
    openApiFetchTimeoutMs: config.openApiFetchTimeoutMs,
  };
  const app = createApp(deps);
  const indexed = await indexSpacesMissingFromIndexes(db, deps.headFollowers);
  if (indexed > 0) logger.info({ spaces: indexed }, 'indexed spaces for search and links');
  const jobs = createJobRunner({
    db,
    dialect,
    clock: systemClock,
    logger,
    handlers: jobHandlers(deps, config),
  });
  await scheduleRecurringJobs(db, sweeps(deps, config), systemClock.now());
  jobs.start();
  const server = listen(app, config, logger, (info) => {
    logger.info(
      { address: info.address, port: info.port, publicUrl: config.publicUrl },
      'quire is listening',
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting connections and calls back once in-flight requests are answered.
    server.close(async () => {
      await jobs.stop();
      await deps.documents.close();
      await db.destroy();
      logger.info('stopped');
      logger.flush(() => process.exit(0));
    });
    server.closeIdleConnections();
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
