import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import axe from 'axe-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** The names Chromium is installed under, in the order we look for them on `PATH`. */
const chromiumNames = ['chromium', 'chromium-browser', 'google-chrome'];

/**
 * The Chromium binary the browser tests drive: `CHROMIUM_PATH`, else the first of Chromium's
 * names on `PATH` (Debian's `chromium` package installs `/usr/bin/chromium`). Playwright's own
 * browser downloads are never used.
 * @example const executablePath = findChromium(); // '/usr/bin/chromium'
 */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured !== undefined && configured !== '') {
    return existsSync(configured) ? configured : undefined;
  }
  const directories = (process.env.PATH ?? '').split(delimiter).filter((entry) => entry !== '');
  return chromiumNames
    .flatMap((name) => directories.map((directory) => join(directory, name)))
    .find((path) => existsSync(path));
}

/**
 * The Chromium a browser test file drives, or undefined when there is none here (the file then
 * skips). CI installs Chromium: there a missing browser fails the run instead.
 * @example const chromiumPath = chromiumForTests('site-browser.test.ts');
 */
export function chromiumForTests(testFile: string): string | undefined {
  const found = findChromium();
  if (found !== undefined) return found;
  const configured = process.env.CHROMIUM_PATH;
  const why = configured
    ? `no file at CHROMIUM_PATH (${configured})`
    : 'no chromium on PATH (apt-get install chromium)';
  if (process.env.CI) throw new Error(`The browser tests cannot run: ${why}`);
  console.warn(`Skipping ${testFile}: ${why}.`);
  return undefined;
}

/** One reader's window on the site: a fresh context (cookies, storage) and its page. */
export interface BrowserReader {
  context: BrowserContext;
  page: Page;
  /**
   * What went wrong on the page, as text: console errors, uncaught exceptions, and resources
   * (images, scripts, fetches) that failed or answered an error. Documents are left out: the
   * test opening one checks its status, 404s included.
   */
  errors: string[];
}

/**
 * Opens a fresh context and page in `browser`, recording what goes wrong on the page. Close it
 * with `context.close()`.
 * @example const { page, errors } = await openReader(browser, { colorScheme: 'dark' });
 */
export async function openReader(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserReader> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every failed load, documents too; failed resources are recorded below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      errors.push(`${response.status()} from ${response.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    // Leaving a page cancels what it was still loading (`net::ERR_ABORTED`): no fault of its.
    const reason = request.failure()?.errorText;
    if (request.resourceType() !== 'document' && reason !== 'net::ERR_ABORTED') {
      errors.push(`failed: ${request.url()} (${reason})`);
    }
  });
  return { context, page, errors };
}

/** An accessibility violation as a test reports it: the rule, what it asks, and where. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and answers its `serious` and `critical` violations.
 * @example expect(await seriousAxeViolations(page)).toEqual([]);
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) {
    // Evaluated through the browser's protocol: a page's Content-Security-Policy refuses the
    // inline script `addScriptTag` would add, as it refuses any injected script.
    await page.evaluate(axe.source);
  }
  // Only violations are read: axe then gathers no details of the rules that pass.
  const results = await page.evaluate<axe.AxeResults>(
    "axe.run(document, { resultTypes: ['violations'] })",
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
