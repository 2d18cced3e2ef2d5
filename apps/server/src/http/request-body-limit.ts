import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env.js';
import { HttpError, payloadTooLarge, RequestAborted } from './http-errors.js';

/**
 * Refuses request bodies over `maxSize` bytes with 413. It is mounted only on operations that
 * take a body: Hono's check looks at `request.body`, which makes the Node adapter build a full
 * Fetch `Request`, and on a space read that cost more than the database.
 */
export function requestBodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw payloadTooLarge(maxSize);
    },
  });
  return async function limitRequestBody(c, next) {
    // A body without a length is read here, so a client that hangs up mid-body fails here. Errors
    // of the handlers further on never reach this point: Hono answers them where they are thrown.
    try {
      return await limit(c, next);
    } catch (error) {
      throw error instanceof HttpError ? error : new RequestAborted();
    }
  };
}
