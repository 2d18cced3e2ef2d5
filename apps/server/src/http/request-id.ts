import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/** The longest `X-Request-Id` a client may choose; a longer one is replaced. */
const maxLength = 255;

/**
 * Gives each request an id, the client's `X-Request-Id` when it is a short token of letters,
 * digits, `_`, `-` and `=`, and answers it in `X-Request-Id`. The header is added after the
 * answer is made, unless the answer already carries it.
 */
export function requestIdentity(): MiddlewareHandler<AppEnv> {
  return async function identifyRequest(c, next) {
    const sent = c.req.header('x-request-id');
    const id =
      sent !== undefined && sent !== '' && sent.length <= maxLength && !/[^\w\-=]/.test(sent)
        ? sent
        : randomUUID();
    c.set('requestId', id);
    await next();
    if (c.get('headersWritten') !== true) c.header('X-Request-Id', id);
  };
}
