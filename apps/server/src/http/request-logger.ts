import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env.js';

/** Logs one JSON line for an answered request, under its request id. */
export function logAnsweredRequest(logger: Logger, c: Context<AppEnv>, startedAt: number): void {
  logger.info(
    {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    },
    'request',
  );
}
