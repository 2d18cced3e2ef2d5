import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../test/support/browser-pages.js';

// The first-run aim, followed as the README's quick start says: a first start on an empty
// database, the printed email and password, signing in, a space, a page written in a change
// request with the keyboard, merged, a site made of the space and published, and the page read
// on the site. What it times is the machine's share (server start, every request and render);
// what it counts is what a person does (each click, field and key run).

const executablePath = findChromium();
if (executablePath === undefined) {
  console.log('first-run bench: no chromium on PATH; skipped');
  process.exit(0);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** The first start's sign-in line: where, as whom, with which password. */
function waitForSignIn(
  server: ChildProcess,
): Promise<{ url: string; email: string; password: string }> {
  return new Promise((resolve, reject) => {
    let printed = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /sign in at (\S+) as (\S+) with the password \(shown once\): (\S+)/.exec(
        printed,
      );
      if (match) resolve({ url: match[1] ?? '', email: match[2] ?? '', password: match[3] ?? '' });
    });
    server.once('exit', (code) => reject(new Error(`quire exited (${code}) before it was ready`)));
  });
}

async function ready(origin: string): Promise<void> {
  for (;;) {
    const answer = await fetch(`${origin}/readyz`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'quire-first-run-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let actions = 0;
/** One thing a person does: a click, a field filled, a run of keys. */
const act = async <T>(step: Promise<T>): Promise<T> => {
  actions += 1;
  return step;
};

const started = performance.now();
const marks: Record<string, number> = {};
const mark = (name: string) => {
  marks[name] = Math.round(performance.now() - started);
};
const server = spawn(
  process.execPath,
  ['--import', 'tsx', '--conditions=quire-source', 'src/main.ts'],
  {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dataDir, 'quire.db')}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const browser = await chromium.launch({ executablePath });
try {
  const signIn = await waitForSignIn(server);
  await ready(origin);
  mark('serverReady');

  const page: Page = await browser.newPage();
  await page.goto(`${origin}/`);
  await act(page.getByLabel('Email').fill(signIn.email));
  await act(page.getByLabel('Password').fill(signIn.password));
  await act(page.getByRole('button', { name: 'Sign in' }).click());
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  mark('signedIn');

  await act(page.getByLabel('New space').fill('Handbook'));
  await act(page.getByRole('button', { name: 'Create space' }).click());
  await act(page.getByRole('button', { name: 'Edit in a change request' }).click());
  await act(page.getByRole('button', { name: 'New page' }).click());
  await page.getByLabel('Page title').waitFor();
  await act(page.getByLabel('Page title').fill('Getting started'));
  await act(page.keyboard.press('Tab'));
  const surface = page.locator('[contenteditable="true"]');
  await surface.waitFor();
  await act(surface.focus());
  await act(page.keyboard.type('# Install'));
  await act(page.keyboard.press('Enter'));
  await act(page.keyboard.type('Run the installer, then sign in.'));
  await page.getByText('Saved', { exact: true }).waitFor();
  mark('written');
  await act(page.getByRole('button', { name: 'Merge' }).click());
  await page.waitForURL(/\/app\/spaces\/[^/]+\/pages\//);
  mark('merged');

  await act(page.getByRole('link', { name: 'Quire' }).first().click());
  await act(page.getByLabel('New site').fill('Docs'));
  await act(page.getByRole('button', { name: 'Create site' }).click());
  await act(page.getByRole('button', { name: 'Publish' }).click());
  await act(page.getByRole('link', { name: /\/s\// }).click());
  await page.getByText('Run the installer, then sign in.').waitFor();
  mark('readOnTheSite');

  console.log(
    JSON.stringify(
      {
        machineSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
        actions,
        marksMs: marks,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
