import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { payloadTooLarge } from '../errors.js';
import type { AppEnv } from './app-env.js';

/**
 * Refuses request bodies over `maxSize` bytes with 413. GET and HEAD pass straight through: they
 * have no body in the Fetch API and no operation reads one. Hono's check looks at
 * `request.body`, which makes the Node adapter build a full Fetch `Request`, and on a space read
 * that cost more than the database.
 */
export function requestBodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw payloadTooLarge(maxSize);
    },
  });
  return async function limitRequestBody(c, next) {
    const method = c.req.method;
    return method === 'GET' || method === 'HEAD' ? next() : limit(c, next);
  };
}
