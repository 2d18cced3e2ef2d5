import { createSiteApp } from '@quire/site';
import type { Hono } from 'hono';
import type { AppServices } from '../services/app-services.js';
import type { AppEnv } from './app-env.js';

/**
 * Serves published sites from this process: at `{PUBLIC_URL}/s/{siteId}/…`, and at the root of
 * an organization's hostname (`{hostname}.{PUBLIC_URL's host}`). The site app reads through the
 * API like any other client, its requests handed to `apiFetch` (the app's own) rather than a
 * socket.
 */
export function mountPublishedSites(
  app: Hono<AppEnv>,
  services: AppServices,
  apiFetch: (request: Request) => Response | Promise<Response>,
): void {
  const root = new URL(services.urls.sitesRoot());
  const site = createSiteApp({
    api: {
      baseUrl: root.origin + root.pathname.replace(/\/s\/$/, ''),
      fetch: async (request) => apiFetch(request),
    },
  });
  const publicHost = root.hostname;
  app.use('*', async (c, next) => {
    const host = new URL(c.req.url).hostname;
    if (host === publicHost || !host.endsWith(`.${publicHost}`)) return next();
    return site.fetch(c.req.raw);
  });
  app.all(`${root.pathname}*`, (c) => site.fetch(c.req.raw));
}
