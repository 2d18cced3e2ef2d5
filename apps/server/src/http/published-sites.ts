import { createSiteApp } from '@quire/site';
import type { Context, Hono } from 'hono';
import type { AppServices } from '../services/app-services.js';
import { addAnswerHeaders, takeAnswerHeaders } from './answer-headers.js';
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
    headersFor: takeAnswerHeaders,
  });
  // The site's answer is made whole, with the request id and the rate limits' headers: headers
  // set on it afterwards would have the Node server copy its HTML through a stream.
  const answer = async (c: Context<AppEnv>) => {
    addAnswerHeaders(c.req.raw, { 'X-Request-Id': c.get('requestId') });
    const response = await site.fetch(c.req.raw);
    c.set('headersWritten', true);
    return response;
  };
  const publicHost = root.hostname;
  app.use('*', async (c, next) => {
    const host = new URL(c.req.url).hostname;
    if (host === publicHost || !host.endsWith(`.${publicHost}`)) return next();
    return answer(c);
  });
  app.all(`${root.pathname}*`, answer);
}
