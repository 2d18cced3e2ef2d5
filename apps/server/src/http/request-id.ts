import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { requestHeader } from './request-headers.js';

/** The longest `X-Request-Id` a client may choose; a longer one is replaced. */
const maxLength = 255;

/**
 * A request's id: the client's `X-Request-Id` when it is a short token of letters, digits, `_`,
 * `-` and `=`, else a new UUID.
 */
export function requestIdOf(c: Context): string {
  const sent = requestHeader(c, 'x-request-id');
  return sent !== undefined && sent !== '' && sent.length <= maxLength && !/[^\w\-=]/.test(sent)
    ? sent
    : randomUUID();
}
