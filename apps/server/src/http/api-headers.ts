import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/**
 * Headers every API answer carries, errors included: browsers must not guess another content
 * type than the JSON we send, and no cache may keep an answer, since answers depend on the
 * caller's token.
 */
export const apiHeaders = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

/**
 * Adds the API headers to answers made without them (errors, 404s). Operations write them into
 * the answer as they make it: headers set on the context before an answer exists turn into a
 * Fetch `Headers` object, and the Node adapter then builds a full Fetch Response, which cost
 * more than the rest of a space read.
 */
export function apiResponseHeaders(): MiddlewareHandler<AppEnv> {
  return async function setApiResponseHeaders(c, next) {
    await next();
    if (c.get('headersWritten') === true) return;
    for (const [name, value] of Object.entries(apiHeaders)) c.header(name, value);
  };
}
