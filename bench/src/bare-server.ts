import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

// The baseline: a bare Hono route on the same HTTP server, answering the same JSON body as
// GET /v1/spaces/{spaceId}, with no auth, validation, database or logging.
const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(String(bodyFile), 'utf8');
const app = new Hono();
app.get('/v1/spaces/:spaceId', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' });
