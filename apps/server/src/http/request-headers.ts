import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * A request header, by its lower-case name. Under the Node server it is read from Node's own
 * parsed headers: asking Hono would first build a Fetch `Headers` of every header the request
 * has, which costs a small read more than the rest of its authentication.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming === undefined) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
