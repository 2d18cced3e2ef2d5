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
  // Loaded on a reader's first request: the site app and its renderer are the largest part of
  // what the server loads, which a server that publishes nothing, or has just started, need not.
  let siteApp: Promise<{ fetch(request: Request): Response | Promise<Response> }> | undefined;
  const site = () => {
    siteApp ??= import('@quire/site').then(({ createSiteApp }) =>
      createSiteApp({
        api: {
          baseUrl: root.origin + root.pathname.replace(/\/s\/$/, ''),
          fetch: async (request) => apiFetch(request),
        },
      }),
    );
    return siteApp;
  };
  const publicHost = root.hostname;
  app.use('*', async (c, next) => {
    const host = new URL(c.req.url).hostname;
    if (host === publicHost || !host.endsWith(`.${publicHost}`)) return next();
    return (await site()).fetch(c.req.raw);
  });
  app.all(`${root.pathname}*`, async (c) => (await site()).fetch(c.req.raw));
}
