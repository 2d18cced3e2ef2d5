import { loadOpenApiDocument, type OpenApiDocument } from '@quire/contract';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { visitorClaimsJwks } from './domain/members/visitor-claims.js';
import { mountApiReference } from './http/api-reference.js';
import type { AppEnv } from './http/app-env.js';
import { crossOrigin } from './http/cross-origin.js';
import { mountEditorApp } from './http/editor-app.js';
import { errorHandler, routeNotFound } from './http/error-handler.js';
import { mountFileDownloads } from './http/file-downloads.js';
import { mountGitPushHooks } from './http/git-push-hooks.js';
import { mountOperations } from './http/mount-operations.js';
import { mountOidcEndpoints } from './http/oidc-endpoints.js';
import { mountPdfExportDownloads } from './http/pdf-export-downloads.js';
import { mountPublishedSites } from './http/published-sites.js';
import { limitRequestRate } from './http/rate-limit-fetch.js';
import { requestEnvelope } from './http/request-envelope.js';
import { answerFromResponseCache } from './http/response-cache-fetch.js';
import { mountSamlEndpoints } from './http/saml-endpoints.js';
import { mountSsoHeaders } from './http/sso-headers.js';
import { mountMcpEndpoint } from './mcp/mount-mcp-endpoint.js';
import { handlers } from './routes/index.js';
import type { AppServices } from './services/app-services.js';

/**
 * Builds the HTTP app: middleware, published sites, the operations mounted from the contract,
 * health checks, the spec and its rendered reference, signed file and PDF downloads, single
 * sign-on, Git hosts' push webhooks, the MCP server, and the answers of reads kept until the database changes in front of
 * them all. No port is opened here; tests call `app.fetch` directly.
 * @example const app = createApp(services); await app.request('/v1/');
 */
export function createApp(
  services: AppServices,
  document: OpenApiDocument = loadOpenApiDocument(),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(errorHandler(services.logger));
  app.notFound(routeNotFound);
  app.use(requestEnvelope(services.logger));
  // Nothing the server answers is to be sniffed into another type: health checks, the spec, the
  // reference and published pages as much as the API.
  app.use(async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    await next();
  });
  if (services.corsOrigins !== undefined) app.use('/v1/*', crossOrigin(services.corsOrigins));
  // The site app reads through the API past the rate limits: its reader was counted at the door.
  mountPublishedSites(app, services, (request) => withinApp(request));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await sql`select 1`.execute(services.db);
      return c.json({ status: 'ok' });
    } catch (error) {
      services.logger.warn({ err: error }, 'readiness check failed: database does not answer');
      return c.json({ error: { code: 503, message: 'The database does not answer' } }, 503);
    }
  });

  // The public keys that verify the visitor claims `POST /v1/orgs/{id}/ping` answers.
  app.get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await visitorClaimsJwks(services.db, services.clock.now()));
  });

  mountApiReference(app, document, services.urls.api().replace(/\/$/, ''));
  mountEditorApp(app);
  mountFileDownloads(app, {
    blobs: services.blobs,
    signer: services.fileUrls,
    clock: services.clock,
  });
  mountPdfExportDownloads(app, {
    db: services.db,
    blobs: services.blobs,
    signer: services.fileUrls,
    clock: services.clock,
    ...(services.pdfExportWaitMs === undefined ? {} : { waitMs: services.pdfExportWaitMs }),
  });
  mountSsoHeaders(app);
  mountSamlEndpoints(app, services);
  mountOidcEndpoints(app, services);
  mountGitPushHooks(app, services);
  const responseCache = services.caches.responses;
  mountOperations(app, document, handlers, services, responseCache);
  // Each tool call is a request to the app itself, through everything an HTTP client meets.
  mountMcpEndpoint(app, document, services, async (request) => app.fetch(request));
  // Every caller of the app (the Node server, `app.request`, tests) goes through `app.fetch`.
  app.fetch = answerFromResponseCache(app.fetch, responseCache, services.logger);
  const withinApp = app.fetch;
  // And before kept answers too: a kept answer costs little, but a flood of them is still one.
  if (services.rateLimits !== undefined) {
    app.fetch = limitRequestRate(app.fetch, services.rateLimits);
  }
  return app;
}
