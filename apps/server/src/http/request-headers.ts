import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * A request header, by its lower-case name. Under the Node server it is read from Node's own
 * parsed headers: asking the Fetch request would first build a `Headers` of every header the
 * request has, which costs a small read more than the rest of its authentication.
 */
export function headerOfRequest(
  request: Request,
  env: unknown,
  name: Lowercase<string>,
): string | undefined {
  const incoming = (env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming === undefined) return request.headers.get(name) ?? undefined;
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** {@link headerOfRequest} of the request in `c`. */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  return headerOfRequest(c.req.raw, c.env, name);
}

/**
 * What a request says of its caller, for keeping answers and budgets apart: its
 * `Authorization`, or else its `Cookie` (the app's session travels there), or nothing.
 */
export function credentialOfRequest(request: Request, env: unknown): string | undefined {
  return headerOfRequest(request, env, 'authorization') ?? headerOfRequest(request, env, 'cookie');
}
