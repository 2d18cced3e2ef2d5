import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';

/**
 * Logs one JSON line per request once it is answered, under the request id that the
 * `requestId` middleware put on the context and on the `X-Request-Id` header.
 */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async function logRequest(c, next) {
    const start = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - start) * 10) / 10,
      },
      'request',
    );
  };
}
