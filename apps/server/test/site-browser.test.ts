import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { SignJWT } from 'jose';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AxeFinding,
  type BrowserReader,
  chromiumForTests,
  openReader,
  seriousAxeViolations,
} from './support/browser-pages.js';
import { type FakeModel, startFakeModel } from './support/fake-model-server.js';
import { type FixtureSites, publishFixtureSites } from './support/site-fixtures.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

// Published sites as readers see them in Chromium, over a real socket: navigation, site spaces,
// share links, visitor authentication, themes, search and Ask with and without a script, and
// axe-core.

const chromiumPath = chromiumForTests('site-browser.test.ts');

const white = 'rgb(255, 255, 255)';

const withChromium = describe.skipIf(chromiumPath === undefined);

// A test drives Chromium, which shares the machine's two cores with the other test files: Redoc
// alone reads and draws the whole contract, which took past 20 s on a busy runner.
withChromium('published sites, in a browser', { timeout: 60_000 }, () => {
  let socket: ServerType;
  let server: TestServer;
  let org: StaffedOrganization;
  let sites: FixtureSites;
  let browser: Browser;
  let model: FakeModel;
  let origin: string;
  let readers: BrowserReader[] = [];

  const siteUrl = (siteId: string, path = '') => `${origin}/s/${siteId}/${path}`;
  /** A reader in a fresh context, closed after the test, which fails if their page had errors. */
  const reader = async (options?: BrowserContextOptions) => {
    const opened = await openReader(browser, options);
    readers.push(opened);
    return opened;
  };
  const pagesNav = (page: Page) => page.getByRole('navigation', { name: 'Pages', exact: true });
  const content = (page: Page) => page.locator('main .content').textContent();

  beforeAll(async () => {
    // The browser's URLs must be under PUBLIC_URL, so the socket opens first and the server
    // starts with its address.
    socket = serve({ fetch: (request) => server.fetch(request), hostname: '127.0.0.1', port: 0 });
    await once(socket, 'listening');
    origin = `http://127.0.0.1:${(socket.address() as AddressInfo).port}`;
    model = await startFakeModel();
    server = await startTestServer({ publicUrl: origin, askEngine: model.config });
    org = await createStaffedOrganization(server);
    sites = await publishFixtureSites(org);
    // One browser for the file; each test opens its own contexts.
    browser = await chromium.launch({ executablePath: chromiumPath });
  }, 60_000);
  afterEach(async () => {
    const closing = readers;
    readers = [];
    for (const { context, errors } of closing) {
      await context.close();
      expect(errors).toEqual([]);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => socket?.close(resolve));
    await server?.close();
    await model?.close();
  });

  it('moves through the pages: sidebar, previous and next, and the skip link', async () => {
    const { page } = await reader();
    await page.goto(siteUrl(sites.docs));
    const current = pagesNav(page).locator('a[aria-current="page"]');
    expect(await current.textContent()).toBe('Welcome');
    await pagesNav(page).getByRole('link', { name: 'Setup' }).click();
    await page.waitForURL(siteUrl(sites.docs, 'setup'));
    expect(await page.locator('main h1').textContent()).toBe('Setup');
    expect(await current.textContent()).toBe('Setup');
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(siteUrl(sites.docs, 'usage'));
    expect(await current.textContent()).toBe('Usage');
    await page.locator('a[rel="prev"]').click();
    await page.waitForURL(siteUrl(sites.docs, 'setup'));
    // The skip link is the first thing to focus, and leads into the content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.className')).toBe('skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main');
  });

  it('renders the API reference under its own Content-Security-Policy, breaking none of it', async () => {
    const { page, errors } = await reader();
    await page.goto(`${origin}/docs`);
    // Redoc has read the spec, drawn its operations and started its search worker.
    await page
      .locator('h2', { hasText: 'Get API information' })
      .first()
      .waitFor({ timeout: 50_000 });
    await page.getByPlaceholder('Search...').waitFor();
    // The one thing refused is the attribution logo from Redoc's CDN, which Redoc then hides.
    expect(
      errors.filter((error) => !error.includes('https://cdn.redoc.ly/redoc/logo-mini.svg')),
    ).toEqual([]);
    errors.length = 0;
  });

  it('switches between the site spaces with the variant menu', async () => {
    const { page } = await reader();
    await page.goto(siteUrl(sites.docs, 'setup'));
    const variants = page.getByRole('navigation', { name: 'Variants' });
    const title = page.locator('.page-header h1');
    await variants.locator('summary').click();
    await variants.getByRole('link', { name: 'Next version' }).click();
    await page.waitForURL(siteUrl(sites.docs, 'next-version/'));
    expect(await title.textContent()).toBe('Preview');
    expect(await variants.locator('summary').textContent()).toBe('Variants: Next version');
    expect(await variants.locator('[aria-current="true"]').textContent()).toBe('Next version');
    await variants.locator('summary').click();
    await variants.getByRole('link', { name: 'Guides' }).click();
    await page.waitForURL(siteUrl(sites.docs));
    expect(await title.textContent()).toBe('Welcome');
  });

  it('opens a share-link site with its key, kept in an HttpOnly cookie, and not without it', async () => {
    const link = await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
      params: { path: { organizationId: org.organizationId, siteId: sites.shared } },
      body: { name: 'Partners' },
    });
    const key = new URL(link.urls.published ?? '').searchParams.get('share') ?? '';
    const { context, page } = await reader();
    const opened = await page.goto(siteUrl(sites.shared, `setup?share=${encodeURIComponent(key)}`));
    // The key left the address on the way in.
    expect(opened?.request().redirectedFrom()?.url()).toContain('share=');
    expect(opened?.status()).toBe(200);
    expect(page.url()).toBe(siteUrl(sites.shared, 'setup'));
    expect(await context.cookies(siteUrl(sites.shared))).toEqual([
      expect.objectContaining({ httpOnly: true, path: `/s/${sites.shared}/` }),
    ]);
    expect(await page.evaluate('document.cookie')).toBe('');
    await pagesNav(page).getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(siteUrl(sites.shared, 'usage'));
    expect(await content(page)).toContain('acme serve');
    const stranger = await reader();
    expect((await stranger.page.goto(siteUrl(sites.shared, 'usage')))?.status()).toBe(404);
  });

  it('opens a visitor-auth site to a signed token, its claims deciding what shows', async () => {
    const auth = await org.admin.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/publishing/auth',
      { params: { path: { organizationId: org.organizationId, siteId: sites.members } } },
    );
    const tokenFor = (claims: Record<string, string>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600)
        .sign(new TextEncoder().encode(auth.privateKey));

    const stranger = await reader();
    expect((await stranger.page.goto(siteUrl(sites.members, 'welcome')))?.status()).toBe(404);

    const pro = await reader();
    await pro.page.goto(
      siteUrl(sites.members, `welcome?jwt_token=${await tokenFor({ plan: 'pro' })}`),
    );
    expect(pro.page.url()).toBe(siteUrl(sites.members, 'welcome'));
    expect(await content(pro.page)).toContain('Pro customers read this.');
    await pro.page.locator('a[rel="next"]').click();
    await pro.page.waitForURL(siteUrl(sites.members, 'setup'));
    expect(await content(pro.page)).toContain('Install Node.');

    const free = await reader();
    await free.page.goto(
      siteUrl(sites.members, `welcome?jwt_token=${await tokenFor({ plan: 'free' })}`),
    );
    expect(await content(free.page)).toContain('Everyone reads this.');
    expect(await content(free.page)).not.toContain('Pro customers');
  });

  it("follows the system's dark scheme; the toggle switches and keeps the reader's choice", async () => {
    const { page } = await reader();
    await page.goto(siteUrl(sites.docs, 'setup'));
    const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    expect(await background()).toBe(white);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background();
    expect(dark).not.toBe(white);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    await toggle.click();
    expect(await background()).toBe(white);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // The choice outlasts the page, though the system still prefers dark.
    await pagesNav(page).getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(siteUrl(sites.docs, 'usage'));
    expect(await background()).toBe(white);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await page.goto(siteUrl(sites.docs, 'welcome'));
    expect(await background()).toBe(dark);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows results as one types, from the search script', async () => {
    const { page } = await reader();
    await page.goto(siteUrl(sites.docs));
    await page.getByRole('searchbox', { name: 'Search' }).fill('install node');
    const suggestions = page.locator('.search-suggestions a');
    await suggestions.first().waitFor();
    expect(await suggestions.allTextContents()).toEqual(['Setup']);
    expect(await page.locator('.search-form [role="status"]').textContent()).toBe('1 result');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await suggestions.first().click();
    await page.waitForURL(siteUrl(sites.docs, 'setup'));
  });

  it('searches without a script: submitting the form opens the results page', async () => {
    const { page } = await reader({ javaScriptEnabled: false });
    await page.goto(siteUrl(sites.docs, 'usage'));
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('install node');
    await box.press('Enter');
    await page.waitForURL(`${siteUrl(sites.docs, '~search')}?q=install+node`);
    expect(await page.locator('.search-results a').allTextContents()).toEqual(['Setup']);
    expect(await box.inputValue()).toBe('install node');
  });

  it('asks a question: the answer streams in with its sources, is rated, and followed up', async () => {
    const { page } = await reader();
    await page.goto(siteUrl(sites.docs));
    await page.getByRole('link', { name: 'Ask', exact: true }).click();
    await page.waitForURL(siteUrl(sites.docs, '~ask'));
    const question = page.getByRole('textbox', { name: 'Ask a question about Acme docs' });
    await question.fill('How do I install node?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer.getByRole('navigation', { name: 'Sources' }).waitFor();
    expect(await answer.locator('.ask-text').textContent()).toContain('for the steps');
    // The answer links the page on this site, never the link the model made up.
    const links = answer.locator('.ask-text a');
    expect(await links.count()).toBe(1);
    expect(await links.first().getAttribute('href')).toMatch(
      new RegExp(`^/s/${sites.docs}/setup(#[\\w-]+)?$`),
    );
    expect(
      await answer.getByRole('navigation', { name: 'Sources' }).getByRole('link').allTextContents(),
    ).toEqual(['Setup']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await answer.getByRole('button', { name: 'Yes' }).click();
    await answer.getByRole('status').waitFor();
    // The follow-up continues the conversation: the model is shown the first question and answer.
    await question.fill('And which node version do I install?');
    await page.getByRole('button', { name: 'Ask a follow-up' }).click();
    await answer.getByRole('heading', { name: 'And which node version do I install?' }).waitFor();
    await answer.getByRole('navigation', { name: 'Sources' }).waitFor();
    expect(model.requests.at(-1)?.body.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    const rated = await server.services.db
      .selectFrom('site_question_answers')
      .select(['input_raw', 'feedback_rating', 'channel_type'])
      .where('site_id', '=', sites.docs)
      .orderBy('created_at')
      .execute();
    expect(rated).toContainEqual({
      input_raw: 'How do I install node?',
      feedback_rating: 1,
      channel_type: 'site',
    });
  });

  it('asks without a script: the form opens the answer as a page', async () => {
    const { page } = await reader({ javaScriptEnabled: false });
    await page.goto(siteUrl(sites.docs, '~ask'));
    const question = page.getByRole('textbox', { name: 'Ask a question about Acme docs' });
    await question.fill('How do I install node?');
    await question.press('Enter');
    await page.waitForURL(/~ask\?q=How/);
    const answer = page.getByRole('region', { name: 'Answer' });
    expect(await answer.locator('.ask-text').textContent()).toContain('for the steps');
    const followUps = answer.getByRole('navigation', { name: 'Follow-up questions' });
    expect(await followUps.getByRole('link').allTextContents()).toEqual([
      'How do I upgrade?',
      'Where are the logs?',
    ]);
    await followUps.getByRole('link', { name: 'How do I upgrade?' }).click();
    await page.waitForURL(/previous=/);
    await answer.getByRole('button', { name: 'No' }).click();
    await page.waitForURL(/rated=1/);
    expect(await page.getByRole('status').textContent()).toContain('Thank you');
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical axe violations, in %s',
    async (colorScheme) => {
      const { page } = await reader({ colorScheme });
      await page.goto(siteUrl(sites.docs, 'welcome'));
      // The content page holds each kind of block it is meant to.
      for (const block of ['pre', 'table', '.hint', '.tabs', 'img']) {
        expect(await page.locator(`main .content ${block}`).count(), block).toBeGreaterThan(0);
      }
      // The image's file loads (lazily, once near the viewport): it is 2 pixels wide. (Polled from
      // here: `waitForFunction` polls a string in the page with eval, which the site's CSP refuses.)
      const image = page.locator('main .content img');
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element) => (element as { naturalWidth: number }).naturalWidth))
        .toBe(2);
      const found: Record<string, AxeFinding[]> = { welcome: await seriousAxeViolations(page) };
      const others = [
        ['search results', siteUrl(sites.docs, '~search?q=install'), 200],
        ['an answer', siteUrl(sites.docs, '~ask?q=How+do+I+install+node'), 200],
        ['a missing page', siteUrl(sites.docs, 'no-such-page'), 404],
        ['a missing site', `${origin}/s/no-such-site/`, 404],
      ] as const;
      for (const [name, url, status] of others) {
        expect((await page.goto(url))?.status(), name).toBe(status);
        found[name] = await seriousAxeViolations(page);
      }
      expect(found).toEqual({
        welcome: [],
        'search results': [],
        'an answer': [],
        'a missing page': [],
        'a missing site': [],
      });
    },
  );
});
