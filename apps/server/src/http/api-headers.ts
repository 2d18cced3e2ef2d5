import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/**
 * Headers every API answer carries, errors included: browsers must not guess another content
 * type than the JSON we send, and no cache may keep an answer, since answers depend on the
 * caller's token.
 */
export function apiResponseHeaders(): MiddlewareHandler<AppEnv> {
  return async function setApiResponseHeaders(c, next) {
    // Set before the answer exists, so they go into it as it is made: touching the headers of a
    // finished answer makes the Node adapter build a full Fetch Response, which costs more than
    // the rest of a space read.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    await next();
  };
}
