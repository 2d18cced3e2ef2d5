import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalid } from '../errors.js';

/**
 * Seals a list's page cursors with an HMAC bound to the list: a token only opens for the same
 * operation, path, filters and order it was made for, so a token from another list answers 400
 * instead of a wrong page.
 */
export interface PageTokens {
  /** The token clients see for a cursor of the list `scope`. */
  seal(cursor: string, scope: string): string;
  /** The cursor inside a token; a token made for another scope, or altered, is a 400. */
  open(token: string, scope: string): string;
}

// 128 bits of HMAC-SHA256 are plenty against forgery and keep tokens short.
const macLength = 16;

/**
 * @example
 * const tokens = createPageTokens(keys.pageTokenKey);
 * tokens.open(tokens.seal(cursor, scope), scope); // cursor
 */
export function createPageTokens(key: Buffer): PageTokens {
  const macOf = (cursor: string, scope: string) =>
    createHmac('sha256', key)
      .update(scope)
      .update('\n')
      .update(cursor)
      .digest()
      .subarray(0, macLength);
  return {
    seal: (cursor, scope) => `${cursor}.${macOf(cursor, scope).toString('base64url')}`,
    open(token, scope) {
      const dot = token.lastIndexOf('.');
      const cursor = token.slice(0, dot);
      const mac = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = macOf(cursor, scope);
      if (dot < 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
        throw invalid(
          'Invalid page: pass the next.page value of a previous answer from the same list, with the same filters and order',
        );
      }
      return cursor;
    },
  };
}
