import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { addApiHeaders, isApiPath } from './api-headers.js';
import type { AppEnv } from './app-env.js';
import { requestHeader } from './request-headers.js';
import { requestIdOf } from './request-id.js';
import { logAnsweredRequest } from './request-logger.js';

/**
 * What every request gets, in one middleware, since each layer of middleware costs every request
 * an async frame: an id (answered in `X-Request-Id`), the API headers on API answers, and one log
 * line once it is answered. Answers the operations built whole already carry their headers
 * (`headersWritten`), and are left alone.
 */
export function requestEnvelope(logger: Logger): MiddlewareHandler<AppEnv> {
  return async function envelopeRequest(c, next) {
    const startedAt = performance.now();
    const id = requestIdOf(requestHeader(c, 'x-request-id'));
    c.set('requestId', id);
    await next();
    if (c.get('headersWritten') !== true) {
      if (isApiPath(c.req.path)) addApiHeaders(c);
      c.header('X-Request-Id', id);
    }
    logAnsweredRequest(
      logger,
      { requestId: id, method: c.req.method, path: c.req.path, status: c.res.status },
      startedAt,
    );
  };
}
