import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import type { components } from '@quire/contract';
import { chromium } from 'playwright-core';
import { createCollabServer } from '../src/collab/collab-server.js';
import { setPassword } from '../src/domain/users/sessions.js';
import { acceptUpgrades } from '../src/http/listen.js';
import { findChromium } from '../test/support/browser-pages.js';
import { startBenchApp } from './bench-app.js';

// The editor app in Chromium, as the aims measure it: the shell's initial JavaScript
// (gzipped), opening a page of a 10,000-page space, and key-to-paint while typing in a 200 KB
// page, beside the same typing in a one-paragraph page and in a bare `contenteditable` holding
// the big page's paragraphs. BENCH_PAGES changes the size of the space.
type Change = components['schemas']['ContentChange'];
const pages = Number(process.env.BENCH_PAGES ?? 10_000);
const password = 'a long benchmark passphrase';

const executablePath = findChromium();
if (executablePath === undefined) {
  console.log('editor bench: no chromium on PATH; skipped');
  process.exit(0);
}

const webDist = join(
  dirname(createRequire(import.meta.url).resolve('@quire/web/package.json')),
  'dist',
);
const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
const shellFiles = [
  ...indexHtml.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.(?:js|css))"/g),
].map((match) => match[1] ?? '');
const shellGzipBytes = shellFiles
  .filter((file) => file.endsWith('.js'))
  .reduce((sum, file) => sum + gzipSync(readFileSync(join(webDist, file))).length, 0);

let fetchApp: (request: Request) => Response | Promise<Response> = () =>
  new Response(null, { status: 503 });
const socket = serve({ fetch: (request) => fetchApp(request), hostname: '127.0.0.1', port: 0 });
await once(socket, 'listening');
const origin = `http://127.0.0.1:${(socket.address() as AddressInfo).port}`;
const bench = await startBenchApp({ name: 'editor', publicUrl: origin });
fetchApp = (request) => bench.app.fetch(request);
// The editor writes a change request's pages together: its collaboration endpoint, as `quire`
// serves it.
const collab = createCollabServer(bench.services, {});
acceptUpgrades(socket as Server, collab.handleUpgrade);
const browser = await chromium.launch({ executablePath });
try {
  const { client, organizationId, db } = bench;
  const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await setPassword(db, owner.id, password, new Date());
  const spaceId = (
    await client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId } },
      body: { title: 'Big space' },
    })
  ).id;
  const changeRequestId = (
    await client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: { subject: 'Pages' },
    })
  ).id;
  const path = { spaceId, changeRequestId };
  const apply = (changes: Change[]) =>
    client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path, query: { compat: false } },
      body: { changes },
    });
  const big = Array.from(
    { length: 2000 },
    (_, index) =>
      `Paragraph ${index}: the quick brown fox jumps over the lazy dog, and then some more words.\n`,
  ).join('\n');
  await apply([{ operation: 'insert_page', title: 'Big page', document: { markdown: big } }]);
  for (let start = 1; start < pages; start += 50) {
    const batch: Change[] = [];
    for (let index = start; index < Math.min(pages, start + 50); index += 1) {
      batch.push({
        operation: 'insert_page',
        title: `Page ${index}`,
        document: { markdown: `# Page ${index}\n\nText.\n` },
      });
    }
    await apply(batch);
  }
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
    params: { path },
  });
  const { pages: tree } = await client.GET('/spaces/{spaceId}/content/pages', {
    params: { path: { spaceId } },
  });
  const middle = tree[Math.floor(tree.length / 2)];
  const bigPage = tree.find((page) => page.title === 'Big page');

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/app/sign-in`);
  await page.getByLabel('Email').fill('bench@quire.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();

  // Opening a page of the big space, from navigation to its body on screen; the best of three.
  const opens: number[] = [];
  // BENCH_OPEN_PROFILE=<file>: the last open's CPU profile, for Chrome's DevTools.
  const openProfile = process.env.BENCH_OPEN_PROFILE;
  for (let round = 0; round < 3; round += 1) {
    await page.goto(`${origin}/app/`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const profiler =
      openProfile !== undefined && round === 2 ? await context.newCDPSession(page) : undefined;
    await profiler?.send('Profiler.enable');
    await profiler?.send('Profiler.start');
    const started = performance.now();
    await page.goto(`${origin}/app/spaces/${spaceId}/pages/${middle?.id}`);
    // Its title and its body, read and drawn.
    await page.getByRole('textbox', { name: 'Page content' }).getByText('Text.').waitFor();
    opens.push(performance.now() - started);
    if (profiler !== undefined && openProfile !== undefined) {
      writeFileSync(openProfile, JSON.stringify((await profiler.send('Profiler.stop')).profile));
    }
  }
  // Where the last open's time went: the document itself, then each API request it made.
  const openTimeline = (await page.evaluate(`(() => {
    const navigation = performance.getEntriesByType('navigation')[0];
    return [
      { name: 'domContentLoaded', startMs: 0, ms: Math.round(navigation.domContentLoadedEventEnd) },
      ...performance.getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/v1/') || entry.name.includes('/assets/'))
        .map((entry) => ({
          name: new URL(entry.name).pathname.replace(/^.*\\/assets\\//, 'assets/'),
          startMs: Math.round(entry.startTime),
          ms: Math.round(entry.duration),
          kB: Math.round(entry.encodedBodySize / 1024),
        })),
    ];
  })()`)) as unknown[];

  // Typing at the end of a page in a change request: key down to the frame after it. The same
  // typing in a one-paragraph page is the floor: the wait for the next frame, and what every
  // keystroke costs whatever the page's size.
  const editing = await client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId } },
    body: { subject: 'Typing' },
  });
  const openPage = (pageId: string | undefined) => async () => {
    await page.goto(
      `${origin}/app/spaces/${spaceId}/change-requests/${editing.number}/pages/${pageId}`,
    );
  };
  const typeInto = async (open: () => Promise<void>) => {
    await open();
    const surface = page.locator('[contenteditable="true"]');
    await surface.waitFor({ timeout: 120_000 });
    await surface.focus();
    await page.keyboard.press('Control+End');
    await page.evaluate(`(() => {
      window.keyToPaint = [];
      document.addEventListener('keydown', () => {
        const down = performance.now();
        requestAnimationFrame(() => setTimeout(() => window.keyToPaint.push(performance.now() - down), 0));
      }, { capture: true });
    })()`);
    // Chromium's own counters, read around the typing: how much of the main thread's time went
    // to script, to style and to layout.
    const metrics = await page.context().newCDPSession(page);
    await metrics.send('Performance.enable');
    const counters = async () =>
      new Map(
        (await metrics.send('Performance.getMetrics')).metrics.map(({ name, value }) => [
          name,
          value,
        ]),
      );
    const before = await counters();
    await page.keyboard.type('The quick brown fox jumps over the lazy dog. '.repeat(3), {
      delay: 30,
    });
    await page.waitForTimeout(200);
    const after = await counters();
    await metrics.detach();
    const latencies = ((await page.evaluate('window.keyToPaint')) as number[]).sort(
      (a, b) => a - b,
    );
    // Every `…Duration` counter (seconds) that moved, as milliseconds per key.
    const perKeyMs = Object.fromEntries(
      [...after]
        .filter(([name]) => name.endsWith('Duration'))
        .map(([name, value]) => [
          name.replace(/Duration$/, ''),
          Math.round(((value - (before.get(name) ?? 0)) * 10_000) / latencies.length) / 10,
        ])
        .filter(([, value]) => value !== 0),
    );
    return {
      keys: latencies.length,
      p50Ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
      p95Ms: Math.round(latencies[Math.floor(latencies.length * 0.95)] ?? Number.NaN),
      perKeyMs,
    };
  };
  const profiling = process.env.BENCH_CPU_PROFILE;
  const cdp = profiling === undefined ? undefined : await page.context().newCDPSession(page);
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.start');
  // BENCH_TRACE=<file>: a Chromium trace of the typing in the big page, for chrome://tracing,
  // with Blink's own steps (editing, layout, the text input state it keeps for input methods).
  const tracing = process.env.BENCH_TRACE;
  if (tracing !== undefined) {
    await browser.startTracing(page, {
      path: tracing,
      categories: ['blink', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
  }
  const typingInBigPage = await typeInto(openPage(bigPage?.id));
  if (tracing !== undefined) await browser.stopTracing();
  if (cdp !== undefined && profiling !== undefined) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profiling, JSON.stringify(profile));
  }
  const typingInSmallPage = await typeInto(openPage(middle?.id));
  // The browser's own floor: the same paragraphs in a bare `contenteditable` under the app's
  // styles, with no script. What typing costs there is Chromium's own editing work.
  const stylesheets = shellFiles
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="/app/${file}">`)
    .join('');
  const paragraphs = big
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `<p>${line}</p>`)
    .join('');
  const typingInBareEditable = await typeInto(async () => {
    // On the server's origin, where the stylesheets are.
    await page.goto(`${origin}/app/sign-in`);
    await page.setContent(
      `<!doctype html><html lang="en"><title>Bare</title>${stylesheets}<div class="document editing"><div class="ProseMirror" contenteditable="true">${paragraphs}</div></div></html>`,
    );
  });

  console.log(
    JSON.stringify(
      {
        shellJavaScriptGzipKB: Math.round(shellGzipBytes / 102.4) / 10,
        pages,
        pageOpenMs: { best: Math.round(Math.min(...opens)), all: opens.map(Math.round) },
        lastOpen: openTimeline,
        typingIn200KB: typingInBigPage,
        typingInOneParagraph: typingInSmallPage,
        typingInBareEditable,
        bigPageKB: Math.round(big.length / 1024),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await collab.close();
  socket.close();
  await bench.close();
}
