import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from './app-env.js';

/**
 * Lets browser pages on `origins` (or any origin, `'*'`) call the API, answering their
 * preflights. Tokens travel in the Authorization header, never in cookies, so no credentials
 * mode is needed.
 * @example app.use('/v1/*', crossOrigin(['https://docs.example.com']));
 */
export function crossOrigin(origins: readonly string[] | '*'): MiddlewareHandler<AppEnv> {
  return cors({
    origin: origins === '*' ? '*' : [...origins],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: ['Location', 'X-Request-Id', 'WWW-Authenticate', 'Allow'],
    maxAge: 600,
  });
}
