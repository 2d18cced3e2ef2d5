import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/**
 * Headers every API answer carries, errors included: browsers must not guess another content
 * type than the JSON we send, and no cache may keep an answer, since answers depend on the
 * caller's token.
 */
export function apiResponseHeaders(): MiddlewareHandler<AppEnv> {
  return async function setApiResponseHeaders(c, next) {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
  };
}
