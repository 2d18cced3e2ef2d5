import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import mime from 'mime';
import type { AppEnv } from './app-env.js';
import { requestHeader } from './request-headers.js';
import { sessionCookieName } from './session-cookie.js';

/** Where `pnpm build` puts the editor app (`apps/web`). */
const appDirectory = join(
  dirname(createRequire(import.meta.url).resolve('@quire/web/package.json')),
  'dist',
);

/** One file of the built app, kept in memory with its gzip. */
interface AppFile {
  body: Buffer;
  gzipped: Buffer;
  type: string;
}

/**
 * What the app may run and load: its own scripts and styles (the editor sets inline styles on
 * what it draws, hence `'unsafe-inline'` for styles only), images from anywhere a page links
 * them, the API on this origin; nothing frames it.
 */
const appPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Serves the editor app at `/app`: its built files (hashed names under `/app/assets/`, kept a
 * year), and its page for every other path under `/app`, where the app routes itself: every
 * `urls.app` the API answers opens its screen. `GET /` sends a person with a session to the app
 * and anyone else to its sign-in page, which is the app too. Built files are read once, at
 * start-up; without a build, `/app` says how to make one.
 */
export function mountEditorApp(app: Hono<AppEnv>): void {
  const files = readAppFiles();
  const index = files.get('index.html');
  const pageHeaders = {
    'Content-Security-Policy': appPolicy,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cache-Control': 'no-cache',
  };
  const send = (c: Context<AppEnv>, file: AppFile, headers: Record<string, string>) => {
    const gzip = /\bgzip\b/.test(requestHeader(c, 'accept-encoding') ?? '');
    return c.body(new Uint8Array(gzip ? file.gzipped : file.body), 200, {
      ...headers,
      'Content-Type': file.type,
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  };

  app.get('/', (c) =>
    c.redirect(getCookie(c, sessionCookieName) === undefined ? '/app/sign-in' : '/app/', 302),
  );
  // The router ignores a trailing slash: this serves `/app` and `/app/` alike.
  app.get('/app/*', (c) => {
    // Built names are plain ASCII: the path is matched as sent, so a malformed escape is no error.
    const path = c.req.path.slice('/app/'.length);
    const asset = path.startsWith('assets/') ? files.get(path) : undefined;
    if (asset !== undefined) {
      return send(c, asset, {
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
    }
    if (path.startsWith('assets/')) return c.notFound();
    if (index === undefined) {
      return c.text(
        'The editor app is not built: run `npx --yes pnpm@10 build` (or `pnpm start`, which builds).',
        503,
      );
    }
    return send(c, index, pageHeaders);
  });
}

function readAppFiles(): Map<string, AppFile> {
  const files = new Map<string, AppFile>();
  const walk = (directory: string) => {
    let names: string[];
    try {
      names = readdirSync(directory);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith('.map')) {
        const body = readFileSync(path);
        files.set(relative(appDirectory, path).split(sep).join('/'), {
          body,
          gzipped: gzipSync(body),
          type: mime.getType(name) ?? 'application/octet-stream',
        });
      }
    }
  };
  walk(appDirectory);
  return files;
}
