import { randomUUID } from 'node:crypto';

/** The longest `X-Request-Id` a client may choose; a longer one is replaced. */
const maxLength = 255;

/**
 * A request's id, given the `X-Request-Id` it was sent with: that one when it is a short token
 * of letters, digits, `_`, `-` and `=`, else a new UUID.
 */
export function requestIdOf(sent: string | undefined): string {
  return sent !== undefined && sent !== '' && sent.length <= maxLength && !/[^\w\-=]/.test(sent)
    ? sent
    : randomUUID();
}
