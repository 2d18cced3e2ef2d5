import { loadOpenApiDocument, type OpenApiDocument } from '@quire/contract';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps } from './deps.js';
import { visitorClaimsJwks } from './domain/members/visitor-claims.js';
import { mountApiReference } from './http/api-reference.js';
import type { AppEnv } from './http/app-env.js';
import { crossOrigin } from './http/cross-origin.js';
import { errorHandler, routeNotFound } from './http/error-handler.js';
import { mountFileDownloads } from './http/file-downloads.js';
import { mountGitPushHooks } from './http/git-push-hooks.js';
import { answerKeptFirst } from './http/kept-answer-fetch.js';
import { createKeptAnswers } from './http/kept-answers.js';
import { mountOperations } from './http/mount-operations.js';
import { mountPdfExportDownloads } from './http/pdf-export-downloads.js';
import { mountPublishedSites } from './http/published-sites.js';
import { requestEnvelope } from './http/request-envelope.js';
import { mountSamlEndpoints } from './http/saml-endpoints.js';
import { mountMcpEndpoint } from './mcp/mount-mcp-endpoint.js';
import { handlers } from './routes/index.js';
import { readCacheVersion } from './store/read-cache.js';

/**
 * Builds the HTTP app: middleware, published sites, the operations mounted from the contract,
 * health checks, the spec and its rendered reference, signed file and PDF downloads, single
 * sign-on, Git hosts' push webhooks, the MCP server, and the answers of reads kept until the database changes in front of
 * them all. No port is opened here; tests call `app.fetch` directly.
 * @example const app = createApp(deps); await app.request('/v1/');
 */
export function createApp(
  deps: AppDeps,
  document: OpenApiDocument = loadOpenApiDocument(),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(errorHandler(deps.logger));
  app.notFound(routeNotFound);
  app.use(requestEnvelope(deps.logger));
  if (deps.corsOrigins !== undefined) app.use('/v1/*', crossOrigin(deps.corsOrigins));
  mountPublishedSites(app, deps);

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await sql`select 1`.execute(deps.db);
      return c.json({ status: 'ok' });
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness check failed: database does not answer');
      return c.json({ error: { code: 503, message: 'The database does not answer' } }, 503);
    }
  });

  // The public keys that verify the visitor claims `POST /v1/orgs/{id}/ping` answers.
  app.get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await visitorClaimsJwks(deps.db, deps.clock.now()));
  });

  mountApiReference(app, document, deps.urls.api().replace(/\/$/, ''));
  mountFileDownloads(app, { blobs: deps.blobs, signer: deps.fileUrls, clock: deps.clock });
  mountPdfExportDownloads(app, {
    db: deps.db,
    blobs: deps.blobs,
    signer: deps.fileUrls,
    clock: deps.clock,
    ...(deps.pdfExportWaitMs === undefined ? {} : { waitMs: deps.pdfExportWaitMs }),
  });
  mountSamlEndpoints(app, deps);
  mountGitPushHooks(app, deps);
  const keptAnswers = createKeptAnswers(() => readCacheVersion(deps.db));
  mountOperations(app, document, handlers, deps, keptAnswers);
  // Each tool call is a request to the app itself, through everything an HTTP client meets.
  mountMcpEndpoint(app, document, deps, async (request) => app.fetch(request));
  // Every caller of the app (the Node server, `app.request`, tests) goes through `app.fetch`.
  app.fetch = answerKeptFirst(app.fetch, keptAnswers, deps.logger);
  return app;
}
