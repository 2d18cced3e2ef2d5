import { existsSync, readFileSync } from 'node:fs';
import {
  apiReferenceHtmlPath,
  loadOpenApiDocument,
  type OpenApiDocument,
  openapiYamlPath,
} from '@quire/contract';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { sql } from 'kysely';
import type { AppDeps } from './deps.js';
import type { AppEnv } from './http/app-env.js';
import { errorHandler, routeNotFound } from './http/error-handler.js';
import { mountOperations } from './http/mount-operations.js';
import { requestBodyLimit } from './http/request-body-limit.js';
import { requestLogger } from './http/request-logger.js';
import { handlers } from './routes/index.js';

/**
 * Builds the HTTP app: middleware, the operations mounted from the contract, health checks, the
 * spec and its rendered reference. No port is opened here; tests call `app.fetch` directly.
 * @example const app = createApp(deps); await app.request('/v1/');
 */
export function createApp(
  deps: AppDeps,
  document: OpenApiDocument = loadOpenApiDocument(),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(errorHandler(deps.logger));
  app.notFound(routeNotFound);
  app.use(requestId());
  app.use(requestLogger(deps.logger));
  app.use('/v1/*', requestBodyLimit(deps.requestBodyLimit));

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

  // Read once here: these files change only with a new build.
  const specJson = JSON.stringify(document);
  const specYaml = readFileSync(openapiYamlPath, 'utf8');
  const referenceHtml = existsSync(apiReferenceHtmlPath)
    ? readFileSync(apiReferenceHtmlPath, 'utf8')
    : undefined;
  app.get('/openapi.json', (c) => c.body(specJson, 200, { 'Content-Type': 'application/json' }));
  app.get('/openapi.yaml', (c) => c.body(specYaml, 200, { 'Content-Type': 'application/yaml' }));
  app.get('/docs', (c) =>
    referenceHtml === undefined
      ? c.json(
          { error: { code: 503, message: 'The API reference is not built yet: run `pnpm build`' } },
          503,
        )
      : c.html(referenceHtml),
  );

  mountOperations(app, document, handlers, deps);
  return app;
}
