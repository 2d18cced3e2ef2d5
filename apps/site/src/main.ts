import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { createSiteApp } from './site-app.js';

// Runs the published-site app on its own, reading from a Quire server elsewhere: readers scale
// apart from writers. Requests must reach it with the Host readers use (the Quire server's
// PUBLIC_URL host, or an organization's hostname under it), as a reverse proxy forwards them.
const apiUrl = process.env.QUIRE_API_URL;
if (apiUrl === undefined || !/^https?:\/\//.test(apiUrl)) {
  process.stderr.write(
    'QUIRE_API_URL must be the URL of a Quire server, such as http://127.0.0.1:8080\n',
  );
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8081);
const host = process.env.HOST ?? '127.0.0.1';
const logger = pino({ name: 'quire', level: process.env.LOG_LEVEL ?? 'info' });
const app = createSiteApp({ api: { baseUrl: apiUrl } });
serve({ fetch: app.fetch, port, hostname: host }, (address) => {
  logger.info({ port: address.port, api: apiUrl }, 'quire site is listening');
});
