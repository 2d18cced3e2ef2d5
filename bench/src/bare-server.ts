import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

// The baseline: bare Hono routes on the same HTTP server, each answering the JSON body a Quire
// read answered, with no auth, validation, database or logging.
// Usage: bare-server.ts <port> <path>=<body file>...
const [port, ...routes] = process.argv.slice(2);
const app = new Hono();
for (const route of routes) {
  const separator = route.indexOf('=');
  const body = readFileSync(route.slice(separator + 1), 'utf8');
  app.get(route.slice(0, separator), (c) =>
    c.body(body, 200, { 'Content-Type': 'application/json' }),
  );
}
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' });
