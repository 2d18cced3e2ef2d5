import type { Context } from 'hono';

/**
 * Headers every API answer carries, errors included: browsers must not guess another content
 * type than the JSON we send, and no cache may keep an answer, since answers depend on the
 * caller's token.
 */
export const apiHeaders = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

/** Whether a path is the API's, whose answers carry {@link apiHeaders}. */
export function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

/**
 * Adds the API headers to an answer made without them (errors, 404s). Operations write them into
 * the answer as they make it: headers set on the context before an answer exists turn into a
 * Fetch `Headers` object, and the Node adapter then builds a full Fetch Response, which costs
 * more than the rest of a space read.
 */
export function addApiHeaders(c: Context): void {
  for (const [name, value] of Object.entries(apiHeaders)) c.header(name, value);
}
