import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OpenApiDocument } from '@quire/contract';
import type { Hono } from 'hono';
import { stringify } from 'yaml';
import type { AppEnv } from './app-env.js';

const redocBundlePath = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * Serves the contract and its reference as this server's own: `/openapi.json` and
 * `/openapi.yaml` with a `servers` entry of `apiBaseUrl`, so examples and clients generated from
 * them point here, and `/docs`, Redoc rendering that spec with its script served from here too,
 * so the reference works without the internet.
 * @example mountApiReference(app, document, 'https://docs.example.com/v1');
 */
export function mountApiReference(
  app: Hono<AppEnv>,
  document: OpenApiDocument,
  apiBaseUrl: string,
): void {
  const served = { ...document, servers: [{ url: apiBaseUrl, description: 'This Quire server' }] };
  // Made on the first request, then kept: none of this changes while the process runs, and
  // writing the spec as YAML takes a good part of a second a server need not wait for to start.
  const specJson = madeOnce(() => JSON.stringify(served));
  const specYaml = madeOnce(() => stringify(served, { lineWidth: 0 }));
  const redocScript = madeOnce(() => new Uint8Array(readFileSync(redocBundlePath)));
  const page = referencePage(document.info.title);
  const pageHeaders = {
    'Content-Security-Policy': referencePolicy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };

  app.get('/openapi.json', (c) => c.body(specJson(), 200, { 'Content-Type': 'application/json' }));
  app.get('/openapi.yaml', (c) =>
    c.body(specYaml(), 200, {
      'Content-Type': 'application/yaml',
    }),
  );
  app.get('/docs', (c) => c.html(page, 200, pageHeaders));
  app.get('/docs/redoc.standalone.js', (c) =>
    c.body(redocScript(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    }),
  );
}

function madeOnce<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

const redocStart = "Redoc.init('/openapi.json', {}, document.getElementById('redoc'));";

/**
 * What the reference page may run: Redoc's script from here and its one inline start, by hash;
 * the styles Redoc writes into the page; its search worker, which it starts from a `blob:` URL.
 * Images only from here: Redoc's attribution logo would tell its CDN of every reader, so it is
 * refused (Redoc hides it when it does not load). Nothing else frames the page.
 */
const referencePolicy = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(redocStart).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

function referencePage(title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} reference</title>
  <style>body { margin: 0; padding: 0; }</style>
</head>
<body>
  <div id="redoc"></div>
  <script src="/docs/redoc.standalone.js"></script>
  <script>${redocStart}</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
