import type { Hono } from 'hono';
import type { AppEnv } from './app-env.js';

/** Single sign-on answers carry one-time requests and tokens: never cached, never sniffed. */
export function mountSsoHeaders(app: Hono<AppEnv>): void {
  app.use('/sso/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
}
