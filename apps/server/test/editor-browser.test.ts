import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CollabServer } from '../src/collab/collab-server.js';
import { setPassword } from '../src/domain/users/sessions.js';
import { appBrowser } from './support/app-browser.js';
import {
  type BrowserReader,
  chromiumForTests,
  openReader,
  seriousAxeViolations,
} from './support/browser-pages.js';
import { attachCollab } from './support/collab-clients.js';
import { startGitHttpServer } from './support/git-http-server.js';
import { startOidcIdentityProvider } from './support/oidc-identity-provider.js';
import { startSamlIdentityProvider } from './support/saml-identity-provider.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

// The editor app as writers use it, in Chromium over a real socket: signing in, writing a page
// with the keyboard in a change request, merging, and what a browser must never do for another
// site or for pasted content.

const chromiumPath = chromiumForTests('editor-browser.test.ts');
const password = 'a long passphrase';
// A one-pixel PNG: an image file of the space.
const onePixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pasted =
  '<p>Pasted <a href="javascript:window.pwned=1">link</a><img src="x" onerror="window.pwned=2"></p><script>window.pwned=3</script>';

// The flows a person goes through end to end (signing in; writing, reviewing, merging and
// publishing; a conflict settled; a revoked session; a paste that runs nothing) run on both
// databases. The rest of what the app shows runs on SQLite's pass: the API beneath it is tested
// on both, and the browser is the slowest part of the run.
const sqliteOnly = it.skipIf(process.env.QUIRE_TEST_DATABASE === 'postgres');

/**
 * The visible controls of the page that pressing Tab from its start never focuses, described by
 * tag and name: with the keyboard alone, each must be reachable. Tab is pressed once for each
 * control, and a few times more.
 */
async function unreachedByTab(page: Page): Promise<string[]> {
  // In the page, as text: the server's tests are compiled without the DOM's types.
  const controls = `[...document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]',
  )].filter(
    (control) =>
      control.tabIndex >= 0 &&
      !control.matches(':disabled') &&
      control.closest('[inert]') === null &&
      control.checkVisibility({ visibilityProperty: true }),
  )`;
  const count = await page.evaluate(`(() => {
    window.reached = new Set();
    document.addEventListener('focusin', (event) => window.reached.add(event.target));
    document.activeElement?.blur();
    return ${controls}.length;
  })()`);
  for (let press = 0; press < Number(count) + 3; press++) await page.keyboard.press('Tab');
  return page.evaluate(`${controls}
    .filter((control) => !window.reached.has(control))
    .map((control) => {
      const name =
        control.getAttribute('aria-label') ?? control.labels?.[0]?.textContent ?? control.textContent;
      return control.tagName.toLowerCase() + ' ' + (name?.trim().slice(0, 40) ?? '');
    })`);
}

/** Whether the editor's ProseMirror view draws its document's own top-level nodes. */
function drawsDocumentBlocks(surface: Locator): Promise<boolean> {
  return surface.evaluate((element) => {
    // Runs in the page: Tiptap keeps its editor on the surface.
    const { view } = (element as unknown as { editor: { view: DrawnView } }).editor;
    return view.docView.children.every(
      (drawn, index) => drawn.node === view.state.doc.maybeChild(index),
    );
  });
}

/** The parts of ProseMirror's view the check above reads: its drawn nodes and its document. */
interface DrawnView {
  docView: { children: { node: unknown }[] };
  state: { doc: { maybeChild(index: number): unknown } };
}

describe.skipIf(chromiumPath === undefined)(
  'the editor app, in a browser',
  { timeout: 60_000 },
  () => {
    let socket: ServerType;
    let server: TestServer;
    let collab: CollabServer;
    let org: StaffedOrganization;
    let browser: Browser;
    let origin: string;
    let spaceId: string;
    let people: BrowserReader[] = [];

    /** A person in a fresh browser context, closed after the test, which fails on page errors. */
    const person = async (options?: BrowserContextOptions) => {
      const opened = await openReader(browser, options);
      people.push(opened);
      return opened;
    };
    // The first test signs in through the form; the others start signed in, with the cookie the
    // same sign-in sets.
    const signIn = async (page: Page, email: string, path = '/app/') => {
      const session = appBrowser(server);
      await session.client.POST('/auth/sign-in', { body: { email, password } });
      const [name = '', value = ''] = (session.cookie ?? '').split('=');
      await page.context().addCookies([{ name, value, url: origin, httpOnly: true }]);
      await page.goto(`${origin}${path}`);
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    };
    const editor = (page: Page) => page.locator('[contenteditable="true"]');
    const memberRole = async (userId: string) => {
      const { items } = await org.admin.client.GET('/orgs/{organizationId}/members', {
        params: { path: { organizationId: org.organizationId }, query: { limit: 100 } },
      });
      return items.find((member) => member.user.id === userId)?.role;
    };
    const mainPage = async (title: string) => {
      const { pages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
        params: { path: { spaceId } },
      });
      const page = pages.find((entry) => entry.title === title);
      if (page === undefined) return undefined;
      const read = await org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId: page.id }, query: { format: 'markdown' } },
      });
      return 'markdown' in read ? read.markdown : undefined;
    };

    /** A page of a change request, as Markdown. */
    const changeRequestMarkdown = async (changeRequestId: string, pageId: string) => {
      const read = await org.admin.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
        { params: { path: { spaceId, changeRequestId, pageId }, query: { format: 'markdown' } } },
      );
      return 'markdown' in read ? read.markdown : '';
    };
    /** The Welcome page, open in the editor of a new change request, for the creator. */
    const welcomeInChangeRequest = async (subject: string) => {
      const { pages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
        params: { path: { spaceId } },
      });
      const pageId = pages.find((entry) => entry.title === 'Welcome')?.id ?? '';
      const { id: changeRequestId } = await org.admin.client.POST(
        '/spaces/{spaceId}/change-requests',
        { params: { path: { spaceId } }, body: { subject } },
      );
      const opened = await person();
      await signIn(
        opened.page,
        org.creator.user.email,
        `/app/spaces/${spaceId}/change-requests/${changeRequestId}/pages/${pageId}`,
      );
      const surface = editor(opened.page);
      await surface.waitFor();
      await opened.page.getByText('Saved', { exact: true }).waitFor();
      const markdown = () => changeRequestMarkdown(changeRequestId, pageId);
      return { ...opened, surface, markdown, changeRequestId, pageId };
    };

    beforeAll(async () => {
      // The browser's URLs must be under PUBLIC_URL, so the socket opens first.
      socket = serve({ fetch: (request) => server.fetch(request), hostname: '127.0.0.1', port: 0 });
      await once(socket, 'listening');
      origin = `http://127.0.0.1:${(socket.address() as AddressInfo).port}`;
      // The Git host the app connects a space to listens on loopback.
      server = await startTestServer({ publicUrl: origin, outboundAllowPrivate: true });
      collab = attachCollab(socket as Server, server);
      org = await createStaffedOrganization(server);
      for (const member of [org.admin, org.creator, org.reader]) {
        await setPassword(server.services.db, member.user.id, password, server.clock.now());
      }
      spaceId = await createSpaceWithContent(org, 'Handbook', [
        { operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello.\n' } },
      ]);
      browser = await chromium.launch({ executablePath: chromiumPath });
    }, 60_000);
    afterEach(async () => {
      const closing = people;
      people = [];
      for (const { context, errors } of closing) {
        await context.close();
        // The app asks who is signed in; a 401 is how it learns that nobody is.
        expect(errors.filter((error) => error !== `401 from ${origin}/v1/user`)).toEqual([]);
      }
    });
    afterAll(async () => {
      await browser?.close();
      await collab?.close();
      await new Promise((resolve) => socket?.close(resolve));
      await server?.close();
    });

    it('sends a visitor from / to the sign-in page, where a wrong password gets a message and the right one signs in', async () => {
      const { page, errors } = await person();
      await page.goto(`${origin}/`);
      expect(new URL(page.url()).pathname).toBe('/app/sign-in');
      await page.getByLabel('Email').fill(org.creator.user.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('Wrong email or password').waitFor();
      // The 401s of the page asking who is signed in, and of the refused sign-in, are expected.
      errors.splice(0);

      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(new URL(page.url()).pathname).not.toBe('/app/sign-in');
    });

    it('writes a page with the keyboard in a change request; another person comments and approves; it merges and is published', async () => {
      const { page } = await person();
      await signIn(page, org.creator.user.email, `/app/spaces/${spaceId}`);
      await page.getByRole('button', { name: 'Edit in a change request' }).click();
      await page.getByRole('button', { name: 'New page' }).click();
      // The new page is open once the tree marks it.
      await page
        .getByRole('navigation', { name: 'Pages' })
        .locator('a[aria-current="page"]', { hasText: 'Untitled' })
        .waitFor();
      await page.getByLabel('Page title').fill('Getting started');
      await page.keyboard.press('Tab');
      const surface = editor(page);
      await surface.waitFor();
      await surface.focus();
      await page.keyboard.type('# Install Quire');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Run the ');
      await page.keyboard.press('Control+b');
      await page.keyboard.type('installer');
      await page.keyboard.press('Control+b');
      await page.keyboard.type(' first.');
      await page.keyboard.press('Enter');
      await page.keyboard.type('- download');
      await page.keyboard.press('Enter');
      await page.keyboard.type('unpack');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('```sh ');
      await page.keyboard.type('npx quire');
      // Three Enters leave the code block; `/` opens the block menu.
      for (let enter = 0; enter < 3; enter += 1) await page.keyboard.press('Enter');
      await page.keyboard.type('/hint');
      await page.getByRole('listbox', { name: 'Insert a block' }).getByText('Hint').waitFor();
      await page.keyboard.press('Enter');
      await page.keyboard.type('Careful.');
      await page.getByText('Saved', { exact: true }).waitFor();
      expect(await editor(page).count()).toBe(1);
      // "Saved" may still be the word from before the last keystrokes: the change request holds
      // them once the server has written the page.
      const [, , , , changeRequestNumber = '', , newPageId = ''] = new URL(page.url()).pathname
        .replace(/^\/app/, '')
        .split('/');
      await expect
        .poll(() => changeRequestMarkdown(changeRequestNumber, newPageId), { timeout: 20_000 })
        .toContain('Careful.');

      // A second person, in their own browser, comments and approves.
      const reviewer = await person();
      await signIn(reviewer.page, org.admin.user.email, new URL(page.url()).pathname);
      await reviewer.page.getByLabel('Comment', { exact: true }).fill('Looks good to me.');
      await reviewer.page.getByRole('button', { name: 'Post comment' }).click();
      await reviewer.page.getByText('Looks good to me.').waitFor();
      await reviewer.page.getByRole('button', { name: 'Approve' }).click();
      await reviewer.page.getByText(`${org.admin.user.displayName}: approved`).waitFor();

      await page.reload();
      await page.getByText('Looks good to me.').waitFor();
      await page.getByText(`${org.admin.user.displayName}: approved`).waitFor();
      await page.getByRole('button', { name: 'Merge' }).click();
      await page.waitForURL(new RegExp(`/app/spaces/${spaceId}/pages/`));
      await page.getByRole('heading', { name: 'Getting started' }).waitFor();
      expect(await mainPage('Getting started')).toBe(
        '# Install Quire\n\nRun the **installer** first.\n\n* download\n* unpack\n\n```sh\nnpx quire\n```\n\n{% hint style="info" %}\nCareful.\n{% endhint %}\n',
      );

      // The admin makes a site of the space from the organization's home and publishes it, and
      // readers see the page.
      await reviewer.page.goto(`${origin}/app/orgs/${org.organizationId}`);
      await reviewer.page.getByLabel('New site').fill('Handbook site');
      await reviewer.page.getByLabel('Publishing').selectOption({ label: 'Handbook' });
      await reviewer.page.getByRole('button', { name: 'Create site' }).click();
      await reviewer.page.getByRole('heading', { name: 'Handbook site' }).waitFor();
      await reviewer.page.getByText('/handbook').waitFor();
      await reviewer.page.getByRole('button', { name: 'Publish' }).click();
      await reviewer.page.getByRole('link', { name: /\/s\// }).click();
      await reviewer.page.getByRole('link', { name: 'Getting started' }).first().click();
      await reviewer.page.getByRole('heading', { name: 'Install Quire' }).waitFor();
    });

    sqliteOnly(
      'lets two people type in one paragraph at once, each seeing the other; what is typed offline syncs when back',
      async () => {
        const { pages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
          params: { path: { spaceId } },
        });
        const welcome = pages.find((entry) => entry.title === 'Welcome');
        const changeRequest = await org.admin.client.POST('/spaces/{spaceId}/change-requests', {
          params: { path: { spaceId } },
          body: { subject: 'Together' },
        });
        const pagePath = `/app/spaces/${spaceId}/change-requests/${changeRequest.id}/pages/${welcome?.id}`;
        const ada = await person();
        const grace = await person();
        await signIn(ada.page, org.admin.user.email, pagePath);
        await signIn(grace.page, org.creator.user.email, pagePath);
        for (const { page } of [ada, grace]) {
          await editor(page).waitFor();
          await page.getByText('Saved', { exact: true }).waitFor();
          // The editor draws the shared page's own blocks. Were the page drawn again as equal
          // copies, ProseMirror would keep the blocks it drew first, and compare every block
          // of the page deeply on each keystroke.
          expect(await drawsDocumentBlocks(editor(page))).toBe(true);
        }
        // Each sees the other in the page and in the tree.
        await ada.page
          .getByRole('img', { name: `${org.creator.user.displayName} is here` })
          .first()
          .waitFor();
        await grace.page
          .getByRole('navigation', { name: 'Pages' })
          .getByRole('img', { name: `${org.admin.user.displayName} is here` })
          .waitFor();

        // Ada at the paragraph's start, Grace at its end.
        const opening = (page: Page) => editor(page).locator('p').first();
        await opening(ada.page).click({ position: { x: 1, y: 5 } });
        await opening(grace.page).click();
        await grace.page.keyboard.press('End');
        await Promise.all([
          ada.page.keyboard.type('Ada was here. '),
          grace.page.keyboard.type(' Grace was here.'),
        ]);
        // The paragraph as written: the others' cursors are not part of it.
        const text = (page: Page) =>
          editor(page)
            .locator('p')
            .first()
            .evaluate((element) => {
              // Runs in the page: the DOM is the browser's.
              const copy = element.cloneNode(true) as typeof element;
              for (const caret of copy.querySelectorAll('.collab-caret')) caret.remove();
              return copy.textContent ?? '';
            });
        for (const { page } of [ada, grace]) {
          await expect.poll(() => text(page), { timeout: 20_000 }).toMatch(/Ada was here\./);
          await expect.poll(() => text(page), { timeout: 20_000 }).toMatch(/Grace was here\./);
        }
        expect(await text(ada.page)).toBe(await text(grace.page));
        // Grace's cursor, named, in Ada's editor.
        await ada.page
          .locator('.collab-caret-label', { hasText: org.creator.user.displayName })
          .waitFor();
        expect(await seriousAxeViolations(ada.page)).toEqual([]);

        // Offline, Grace keeps typing; it reaches Ada when she is back.
        await grace.context.setOffline(true);
        await grace.page.getByText('Offline', { exact: false }).waitFor();
        await grace.page.keyboard.type(' Typed offline.');
        await grace.context.setOffline(false);
        await expect.poll(() => text(ada.page), { timeout: 20_000 }).toContain('Typed offline.');
        await grace.page.getByText('Saved', { exact: true }).waitFor();

        // One revision of the change request holds both.
        const paragraph = await text(ada.page);
        await expect
          .poll(() => changeRequestMarkdown(changeRequest.id, welcome?.id ?? ''), {
            timeout: 20_000,
          })
          .toContain(paragraph.trim());
      },
    );

    sqliteOnly('keeps a comment thread: replies, a reaction, resolving and reopening', async () => {
      const changeRequest = await org.creator.client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: { subject: 'Threads' },
      });
      const onChangeRequest = { spaceId, changeRequestId: changeRequest.id };
      const comment = await org.creator.client.POST(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
        {
          params: { path: onChangeRequest },
          body: { body: { markdown: 'Is the intro too long?' } },
        },
      );
      const thread = () =>
        org.creator.client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
          { params: { path: { ...onChangeRequest, commentId: comment.id } } },
        );

      const { page } = await person();
      await signIn(page, org.admin.user.email, new URL(changeRequest.urls.app).pathname);
      const author = org.creator.user.displayName;
      await page.getByLabel(`Reply to ${author}`).fill('A little: cut the second paragraph.');
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await page
        .getByRole('list', { name: `Replies to ${author}` })
        .getByText('A little: cut the second paragraph.')
        .waitFor();
      await page.getByRole('button', { name: '👍 0' }).click();
      await page.getByRole('button', { name: '👍 1', pressed: true }).waitFor();
      await page.getByRole('button', { name: 'Resolve' }).click();
      await page.getByText('(resolved)').waitFor();
      expect(await thread()).toMatchObject({
        status: 'resolved',
        replies: 1,
        reactions: [{ emoji: '👍', count: 1, users: [{ user: { id: org.admin.user.id } }] }],
      });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Reopen' }).click();
      await page.getByLabel(`Reply to ${author}`).waitFor();
      expect((await thread()).status).toBe('open');

      // A link to the comment opens the change request with the comment in view and focused.
      const link = page
        .locator(`#comment-${comment.id}`)
        .getByRole('link', { name: 'Link to this comment' });
      expect(await link.getAttribute('href')).toBe(`#comment-${comment.id}`);
      const linked = await person();
      await signIn(
        linked.page,
        org.admin.user.email,
        `${new URL(changeRequest.urls.app).pathname}#comment-${comment.id}`,
      );
      await expect
        .poll(() => linked.page.evaluate('document.activeElement?.id'))
        .toBe(`comment-${comment.id}`);
    });

    sqliteOnly(
      'asks people to review, and shows the merge rules still unmet until they are',
      async () => {
        const reviewedSpace = await createSpaceWithContent(org, 'Reviewed', [
          { operation: 'insert_page', title: 'Policy', document: { markdown: 'Draft.\n' } },
        ]);
        await org.admin.client.PATCH('/spaces/{spaceId}', {
          params: { path: { spaceId: reviewedSpace } },
          body: {
            mergeRules: {
              type: 'rules',
              rules: [{ rule: 'require_at_least_one_approved_review' }],
            },
          },
        });
        const changeRequest = await org.creator.client.POST('/spaces/{spaceId}/change-requests', {
          params: { path: { spaceId: reviewedSpace } },
          body: { subject: 'Needs a review' },
        });
        const at = { spaceId: reviewedSpace, changeRequestId: changeRequest.id };
        const asked = async () =>
          (
            await org.creator.client.GET(
              '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
              { params: { path: at } },
            )
          ).items.map((item) => item.user.id);

        const { page, errors } = await person();
        await signIn(page, org.creator.user.email, new URL(changeRequest.urls.app).pathname);
        const unmet = page.getByRole('region', { name: 'Before it can merge' });
        await unmet.getByRole('listitem').first().waitFor();
        const reviewers = page.getByRole('region', { name: 'Reviewers asked' });
        // Someone who may not comment cannot be asked: the API says why.
        await reviewers
          .getByLabel('Ask for a review from')
          .selectOption({ label: org.reader.user.displayName });
        await reviewers.getByRole('button', { name: 'Ask' }).click();
        await reviewers.getByRole('alert').waitFor();
        // The refusal is the answer this step expects, not a failure of the page.
        expect(errors.splice(0)).toContainEqual(
          expect.stringMatching(/^400 from .*\/requested-reviewers$/),
        );
        await reviewers
          .getByLabel('Ask for a review from')
          .selectOption({ label: org.admin.user.displayName });
        await reviewers.getByRole('button', { name: 'Ask' }).click();
        const withdraw = reviewers.getByRole('button', {
          name: `Remove ${org.admin.user.displayName}`,
        });
        await withdraw.waitFor();
        expect(await asked()).toEqual([org.admin.user.id]);
        await withdraw.click();
        await withdraw.waitFor({ state: 'detached' });
        expect(await asked()).toEqual([]);
        await reviewers
          .getByLabel('Ask for a review from')
          .selectOption({ label: org.admin.user.displayName });
        await reviewers.getByRole('button', { name: 'Ask' }).click();
        await withdraw.waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);

        // The admin approves: the rule is met, and the request fulfilled.
        await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', {
          params: { path: at },
          body: { status: 'approved' },
        });
        await page.reload();
        await page.getByText(`${org.admin.user.displayName}: approved`).waitFor();
        expect(await unmet.count()).toBe(0);
        expect(await asked()).toEqual([]);
      },
    );

    it('shows the conflict of a second merge as data, and settles it in the app', async () => {
      const client = org.creator.client;
      const { pages } = await client.GET('/spaces/{spaceId}/content/pages', {
        params: { path: { spaceId } },
      });
      const welcome = pages.find((entry) => entry.title === 'Welcome');
      const edit = async (markdown: string) => {
        const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
          params: { path: { spaceId } },
          body: { subject: markdown.trim() },
        });
        await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
          params: { path: { spaceId, changeRequestId: changeRequest.id } },
          body: {
            changes: [
              { operation: 'update_page', page: welcome?.id ?? '', document: { markdown } },
            ],
          },
        });
        return changeRequest;
      };
      const first = await edit('Hello from the first.\n');
      const second = await edit('Hello from the second.\n');
      await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path: { spaceId, changeRequestId: first.id } },
      });

      const { page } = await person();
      await signIn(page, org.creator.user.email, new URL(second.urls.app).pathname);
      await page.getByRole('button', { name: 'Merge' }).click();
      const conflicts = page.getByRole('region', { name: 'Conflicts with the space' });
      await conflicts.getByText('welcome: content').waitFor();
      await conflicts.getByLabel('Keep this change request’s').check();
      await conflicts.getByRole('button', { name: 'Resolve conflicts' }).click();
      await conflicts.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Merge' }).click();
      await page.waitForURL(new RegExp(`/app/spaces/${spaceId}(/pages/|$)`));
      const read = await client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId: welcome?.id ?? '' }, query: { format: 'markdown' } },
      });
      expect(read).toMatchObject({ markdown: 'Hello from the second.\n' });
    });

    sqliteOnly('moves, nests, hides and deletes pages from the keyboard', async () => {
      const treeSpace = await createSpaceWithContent(org, 'Tree', [
        { operation: 'insert_page', title: 'Alpha', document: { markdown: 'A.\n' } },
        { operation: 'insert_page', title: 'Beta', document: { markdown: 'B.\n' } },
        { operation: 'insert_page', title: 'Gamma', document: { markdown: 'C.\n' } },
      ]);
      const client = org.creator.client;
      const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId: treeSpace } },
        body: { subject: 'Reorganize' },
      });
      const tree = async () => {
        const { pages } = await client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
          { params: { path: { spaceId: treeSpace, changeRequestId: changeRequest.id } } },
        );
        const shape = (list: typeof pages): unknown[] =>
          list.map((page) => ({
            title: page.title,
            ...('hidden' in page && page.hidden ? { hidden: true } : {}),
            ...('pages' in page && page.pages.length > 0 ? { pages: shape(page.pages) } : {}),
          }));
        return shape(pages);
      };
      const { page } = await person();
      await signIn(page, org.creator.user.email, new URL(changeRequest.urls.app).pathname);
      const nav = page.getByRole('navigation', { name: 'Pages' });
      await nav.getByRole('link', { name: 'Gamma' }).click();
      await nav.locator('a[aria-current="page"]', { hasText: 'Gamma' }).waitFor();
      const tools = page.getByRole('toolbar', { name: 'Page' });
      const settled = async (expected: unknown[]) => {
        while (JSON.stringify(await tree()) !== JSON.stringify(expected)) {
          await page.waitForTimeout(50);
        }
      };
      await tools.getByRole('button', { name: 'Move up' }).click();
      await settled([{ title: 'Alpha' }, { title: 'Gamma' }, { title: 'Beta' }]);
      await tools.getByRole('button', { name: 'Move down' }).click();
      await settled([{ title: 'Alpha' }, { title: 'Beta' }, { title: 'Gamma' }]);
      await tools.getByRole('button', { name: 'Move up' }).click();
      await settled([{ title: 'Alpha' }, { title: 'Gamma' }, { title: 'Beta' }]);
      await tools.getByRole('button', { name: 'Nest under previous' }).click();
      await settled([{ title: 'Alpha', pages: [{ title: 'Gamma' }] }, { title: 'Beta' }]);
      await tools.getByRole('button', { name: 'Hide from the site' }).click();
      await settled([
        { title: 'Alpha', pages: [{ title: 'Gamma', hidden: true }] },
        { title: 'Beta' },
      ]);
      await tools.getByRole('button', { name: 'Delete page' }).click();
      await settled([{ title: 'Alpha' }, { title: 'Beta' }]);
    });

    sqliteOnly('opens the screen of a urls.app the API answers', async () => {
      const { page } = await person();
      await signIn(page, org.reader.user.email);
      const [first] = (
        await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
          params: { path: { spaceId } },
        })
      ).pages;
      const appUrl = first !== undefined && 'urls' in first ? first.urls.app : '';
      expect(appUrl.startsWith(`${origin}/app/spaces/${spaceId}/pages/`)).toBe(true);
      await page.goto(appUrl);
      await page.getByRole('heading', { name: first?.title ?? '' }).waitFor();
      const space = await org.admin.client.GET('/spaces/{spaceId}', {
        params: { path: { spaceId } },
      });
      await page.goto(space.urls.app);
      await page.getByRole('navigation', { name: 'Pages' }).getByText('Welcome').waitFor();
      const organization = await org.admin.client.GET('/orgs/{organizationId}', {
        params: { path: { organizationId: org.organizationId } },
      });
      await page.goto(organization.urls.app);
      await page.getByRole('link', { name: 'Handbook', exact: true }).waitFor();
    });

    sqliteOnly(
      'searches everything the person may read with Ctrl-K, and opens a result',
      async () => {
        const { page } = await person();
        await signIn(page, org.reader.user.email);
        await page.getByRole('heading', { name: 'Acme docs' }).waitFor();
        await page.keyboard.press('Control+k');
        const search = page.getByRole('dialog', { name: 'Search' });
        await search.getByLabel('Search').fill('welcome');
        await search.getByRole('link', { name: 'Welcome' }).click();
        await page.waitForURL(new RegExp(`/app/spaces/${spaceId}/pages/`));
        await page.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
      },
    );

    sqliteOnly('lists where the person is signed in and makes API tokens that work', async () => {
      const { page } = await person();
      await signIn(page, org.creator.user.email);
      await page.getByRole('link', { name: org.creator.user.displayName }).click();
      await page.getByText('this browser').waitFor();
      await page.getByRole('button', { name: 'Create a token' }).click();
      const token = (await page.getByRole('status').locator('code').textContent()) ?? '';
      expect(await server.clientWith(token).GET('/user')).toMatchObject({
        id: org.creator.user.id,
      });
    });

    it('refuses a revoked session on its next request: the app asks to sign in again', async () => {
      const { page, errors } = await person();
      await signIn(page, org.reader.user.email);
      await org.admin.client.DELETE('/orgs/{organizationId}/members/{userId}/sessions', {
        params: { path: { organizationId: org.organizationId, userId: org.reader.user.id } },
      });
      await page.reload();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      errors.splice(0);
    });

    sqliteOnly(
      'keeps a task list: `[ ] ` starts one, Ctrl+Enter or a click checks an item, and it saves as GitBook writes it',
      async () => {
        const { page, surface, markdown } = await welcomeInChangeRequest('Tasks');
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        await page.keyboard.type('[ ] ');
        await page.keyboard.type('Write the notes');
        await page.keyboard.press('Control+Enter');
        await page.keyboard.press('Enter');
        await page.keyboard.type('Ship it');
        // Each checkbox is named by its task, for a screen reader.
        await page.getByRole('checkbox', { name: 'Done: Write the notes' }).waitFor();
        await page.getByRole('checkbox', { name: 'To do: Ship it' }).click();
        await page.getByRole('checkbox', { name: 'Done: Ship it' }).waitFor();
        await page.getByText('Saved', { exact: true }).waitFor();
        await expect
          .poll(markdown, { timeout: 20_000 })
          // After whatever the page held before (other tests write it too).
          .toMatch(/\n\n\* \[x\] Write the notes\n\* \[x\] Ship it\n$/);

        // The change request's diff shows the page's new lines, marked as added.
        await page.getByRole('button', { name: 'Changes', exact: true }).click();
        const changes = page.getByRole('region', { name: 'Welcome, edited' });
        await changes.locator('ins', { hasText: '+* [x] Write the notes' }).waitFor();
        await changes.locator('ins', { hasText: '+* [x] Ship it' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
      },
    );

    sqliteOnly(
      "sets a code block's language and a hint's style from the settings below the text",
      async () => {
        const { page, surface, markdown } = await welcomeInChangeRequest('Block settings');
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        // The editor takes the focus back on the next frame: keys pressed before then go elsewhere.
        const backInText = () =>
          expect
            .poll(() => page.evaluate('document.activeElement?.getAttribute("contenteditable")'))
            .toBe('true');
        await page.keyboard.type('```js ');
        await page.keyboard.type('print(1)');
        // Tab leaves the text for the block's settings; choosing applies and returns to the text.
        await page.keyboard.press('Tab');
        await expect.poll(() => page.evaluate('document.activeElement?.tagName')).toBe('SELECT');
        await page.getByLabel('Code language').selectOption('python');
        await backInText();
        for (let enter = 0; enter < 3; enter += 1) await page.keyboard.press('Enter');
        await page.keyboard.type('/hint');
        await page.getByRole('listbox', { name: 'Insert a block' }).getByText('Hint').waitFor();
        await page.keyboard.press('Enter');
        await page.keyboard.type('Mind the version.');
        await page.getByLabel('Hint style').selectOption('warning');
        await backInText();
        await page.keyboard.type(' Really.');
        await page.getByText('Saved', { exact: true }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toMatch(
            /```python\nprint\(1\)\n```\n\n\{% hint style="warning" %\}\nMind the version\. Really\.\n\{% endhint %\}\n$/,
          );
      },
    );

    sqliteOnly(
      'writes tabs, a stepper, an expandable and a formula from the `/` menu, saved as GitBook writes them',
      async () => {
        const { page, surface, markdown } = await welcomeInChangeRequest('Containers');
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        const menu = page.getByRole('listbox', { name: 'Insert a block' });
        const insert = async (command: string, choice: string) => {
          await page.keyboard.type(command, { delay: 20 });
          await menu.getByText(choice, { exact: true }).waitFor();
          await page.keyboard.press('Enter');
        };
        await insert('/tabs', 'Tabs');
        await page.keyboard.type('brew install quire');
        await page.getByLabel('Tab title').fill('macOS');
        await page.getByRole('button', { name: 'Add a tab' }).click();
        await page.keyboard.type('apt install quire');
        await page.getByLabel('Tab title').fill('Linux');
        await surface.locator('.tab-title', { hasText: 'Linux' }).waitFor();
        // Enter on an empty line leaves the tab, and the tabs with it.
        await surface.locator('.tab-body p', { hasText: 'apt install quire' }).click();
        await page.keyboard.press('End');
        for (let enter = 0; enter < 2; enter += 1) await page.keyboard.press('Enter');
        await insert('/stepper', 'Stepper');
        await page.keyboard.type('Install it.');
        await page.getByRole('button', { name: 'Add a step' }).click();
        await page.keyboard.type('Run it.');
        for (let enter = 0; enter < 2; enter += 1) await page.keyboard.press('Enter');
        await insert('/expandable', 'Expandable');
        await page.getByLabel('Expandable title').fill('Why Quire?');
        await surface.locator('.expandable-body p').click();
        await page.keyboard.type('It is yours.');
        for (let enter = 0; enter < 2; enter += 1) await page.keyboard.press('Enter');
        await insert('/math', 'Math formula');
        await page.getByLabel('Formula (TeX)').fill('E = mc^2');
        await surface.locator('.math-block', { hasText: 'E = mc^2' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toMatch(
            /\{% tabs %\}\n\{% tab title="macOS" %\}\nbrew install quire\n\{% endtab %\}\n\n\{% tab title="Linux" %\}\napt install quire\n\{% endtab %\}\n\{% endtabs %\}\n\n\{% stepper %\}\n\{% step %\}\nInstall it\.\n\{% endstep %\}\n\n\{% step %\}\nRun it\.\n\{% endstep %\}\n\{% endstepper %\}\n\n<details>\n\n<summary>Why Quire\?<\/summary>\n\nIt is yours\.\n\n<\/details>\n\n\$\$\nE = mc\^2\n\$\$\n$/,
          );
      },
    );

    sqliteOnly(
      'writes a table from the `/` menu: Tab from cell to cell and out, rows and columns added and deleted',
      async () => {
        const { page, surface, markdown } = await welcomeInChangeRequest('Table');
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        await page.keyboard.type('/table', { delay: 20 });
        const menu = page.getByRole('listbox', { name: 'Insert a block' });
        await menu.getByText('Table', { exact: true }).waitFor();
        await page.keyboard.press('Enter');
        const typeRow = async (cells: string[]) => {
          for (const cell of cells) {
            await page.keyboard.type(cell);
            await page.keyboard.press('Tab');
          }
        };
        await typeRow(['Name', 'Role', 'Team']);
        await typeRow(['Ada', 'Admin', 'Core']);
        await typeRow(['Lin', 'Writer', 'Docs']);
        // From the last cell, Tab leaves the text for the table's settings.
        expect(await page.locator(':focus').textContent()).toBe('Add a row');
        await page.keyboard.press('Enter');
        await surface.locator('tr').nth(3).waitFor();
        await page.keyboard.press('Tab');
        await typeRow(['Max', 'Reader']);
        await page.keyboard.type('Docs');
        // The Team column goes; a Since column comes after Role.
        await surface.locator('th', { hasText: 'Team' }).click();
        await page.getByRole('button', { name: 'Delete the column' }).click();
        await surface.locator('th', { hasText: 'Team' }).waitFor({ state: 'detached' });
        await surface.locator('th', { hasText: 'Role' }).click();
        await page.getByRole('button', { name: 'Add a column' }).click();
        await page.keyboard.press('Tab');
        await page.keyboard.type('Since');
        for (const since of ['2019', '2021', '2024']) {
          await page.keyboard.press('ArrowDown');
          await page.keyboard.type(since);
        }
        expect(await seriousAxeViolations(page)).toEqual([]);
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toMatch(
            /\n\| Name +\| Role +\| Since +\|\n\| -+ \| -+ \| -+ \|\n\| Ada +\| Admin +\| 2019 +\|\n\| Lin +\| Writer +\| 2021 +\|\n\| Max +\| Reader +\| 2024 +\|\n$/,
          );
      },
    );

    sqliteOnly(
      'writes formulas in running text, conditions, embeds and files, each set below the text',
      async () => {
        const { page, surface, markdown } = await welcomeInChangeRequest('Embeds and files');
        const menu = page.getByRole('listbox', { name: 'Insert a block' });
        const insert = async (command: string, choice: string) => {
          await page.keyboard.type(command, { delay: 20 });
          await menu.getByText(choice, { exact: true }).waitFor();
          await page.keyboard.press('Enter');
        };
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        // `$$…$$` typed in a line becomes a formula.
        await page.keyboard.type('Energy is $$E = mc^2$$ here.');
        await surface.locator('.math-inline', { hasText: 'E = mc^2' }).waitFor();
        await page.keyboard.press('Enter');
        await insert('/condition', 'Condition');
        await page.getByLabel('Shown when').fill('visitor.claims.beta');
        await surface.locator('.conditional-body p').click();
        await page.keyboard.type('Beta only.');
        for (let enter = 0; enter < 2; enter += 1) await page.keyboard.press('Enter');
        await insert('/embed', 'Embed');
        await page.getByLabel('Embed URL').fill('https://example.com/talk');
        await page.getByLabel('Caption').fill('A talk');
        await surface.locator('.embed-block', { hasText: 'example.com/talk (A talk)' }).waitFor();
        // A formula in the text is selected with a click, and its TeX edited below.
        await surface.locator('.math-inline').click();
        await page.getByLabel('Formula (TeX)').fill('a^2');
        await surface.locator('.math-inline', { hasText: 'a^2' }).waitFor();
        // `/` → File uploads any file to the change request, and its block links to it.
        await surface.locator('p', { hasText: 'here.' }).click();
        await page.keyboard.press('End');
        await page.keyboard.press('Enter');
        // Playwright asks Chromium to intercept file choosers without waiting for it to agree:
        // asked before the menu is typed, it has agreed by the time Enter opens one.
        const chooser = page.waitForEvent('filechooser');
        await insert('/file', 'File');
        await (await chooser).setFiles({
          name: 'guide.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
        });
        const link = surface.getByRole('link', { name: '📎 guide.pdf' });
        await link.waitFor();
        expect(await link.getAttribute('href')).toMatch(/^http/);
        await surface.locator('.file-block').click();
        await page.getByLabel('Caption').fill('The guide');
        expect(await seriousAxeViolations(page)).toEqual([]);
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toMatch(
            /\nEnergy is \$\$a\^2\$\$ here\.\n\n\{% file src="\.gitbook\/assets\/guide\.pdf" %\}\nThe guide\n\{% endfile %\}\n\n\{% if visitor\.claims\.beta %\}\nBeta only\.\n\{% endif %\}\n\n\{% embed url="https:\/\/example\.com\/talk" %\}\nA talk\n\{% endembed %\}\n$/,
          );
      },
    );

    sqliteOnly(
      "puts the space's variables and the page's own in the text with `{{`, showing their values as they change",
      async () => {
        const { page, surface, markdown, changeRequestId, pageId } =
          await welcomeInChangeRequest('Variables');
        const variables = page.getByRole('region', { name: 'Space variables' });
        await variables.getByLabel('Variable name').fill('version');
        await variables.getByLabel('Variable value').fill('3.1');
        await variables.getByRole('button', { name: 'Add a variable' }).click();
        const value = variables.getByRole('textbox', { name: 'version' });
        await value.waitFor();
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        await page.keyboard.type('Install ');
        await page.keyboard.type('{{ver', { delay: 20 });
        const menu = page.getByRole('listbox', { name: 'Insert a variable' });
        await menu.getByRole('option', { name: 'version: 3.1' }).waitFor();
        await page.keyboard.press('Enter');
        await page.keyboard.type(' today.');
        const expression = surface.locator('.expression');
        await expect.poll(() => expression.textContent()).toBe('3.1');
        expect(await seriousAxeViolations(page)).toEqual([]);
        // A new value shows wherever the variable is.
        await value.fill('3.2');
        await value.press('Tab');
        await expect.poll(() => expression.textContent()).toBe('3.2');
        // Selected, the expression itself is edited below the text.
        await expression.click();
        expect(await page.getByLabel('Expression').inputValue()).toBe('space.vars.version');
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toMatch(/\nInstall <code class="expression">space\.vars\.version<\/code> today\.\n$/);

        // The page's own variables: `{{` offers them first, as `page.vars.<name>`.
        const own = page.getByRole('region', { name: 'Page variables' });
        await own.getByLabel('Variable name').fill('os');
        await own.getByLabel('Variable value').fill('Linux');
        await own.getByRole('button', { name: 'Add a variable' }).click();
        await own.getByRole('textbox', { name: 'os' }).waitFor();
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        await page.keyboard.type('For ');
        await page.keyboard.type('{{os', { delay: 20 });
        await menu.getByRole('option', { name: 'os: Linux (this page)' }).waitFor();
        await page.keyboard.press('Enter');
        await expect.poll(() => expression.nth(1).textContent()).toBe('Linux');
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toMatch(/\nFor <code class="expression">page\.vars\.os<\/code>\n$/);
        const saved = await org.admin.client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
          { params: { path: { spaceId, changeRequestId, pageId } } },
        );
        expect('variables' in saved ? saved.variables : undefined).toEqual({ os: 'Linux' });
        expect(await seriousAxeViolations(page)).toEqual([]);
      },
    );

    sqliteOnly(
      "shows an image block's images and images in text from the space's files, sets a block's alt text, caption, width and alignment, and uploads a new one",
      async () => {
        const { id: changeRequestId } = await org.admin.client.POST(
          '/spaces/{spaceId}/change-requests',
          { params: { path: { spaceId } }, body: { subject: 'Images' } },
        );
        const markdown =
          '![A diagram](.gitbook/assets/diagram.png)\n\nAn icon ![icon](.gitbook/assets/diagram.png) in text.\n';
        await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
          params: { path: { spaceId, changeRequestId } },
          body: {
            changes: [
              { operation: 'insert_files', files: [{ name: 'diagram.png', base64: onePixelPng }] },
              { operation: 'insert_page', title: 'Diagrams', document: { markdown } },
            ],
          },
        });
        const { pages } = await org.admin.client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
          { params: { path: { spaceId, changeRequestId } } },
        );
        const pageId = pages.find((entry) => entry.title === 'Diagrams')?.id ?? '';
        const { page } = await person();
        await signIn(
          page,
          org.creator.user.email,
          `/app/spaces/${spaceId}/change-requests/${changeRequestId}/pages/${pageId}`,
        );
        const image = editor(page).getByRole('img', { name: 'A diagram' });
        await image.waitFor();
        await expect
          .poll(() =>
            image.evaluate((element) => (element as { naturalWidth: number }).naturalWidth),
          )
          .toBe(1);
        // An image in running text shows too, where it stands.
        await editor(page).getByRole('img', { name: 'icon' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.getByText('Saved', { exact: true }).waitFor();
        expect(await changeRequestMarkdown(changeRequestId, pageId)).toBe(markdown);

        // Selected, the image's alt text, caption, width and alignment are set below the text.
        await image.click();
        await page.getByLabel('Alt text').fill('The system');
        await page.getByLabel('Caption').fill('How it fits');
        await page.getByLabel('Width (pixels or %)').fill('300');
        await page.getByLabel('Align').selectOption('center');
        await editor(page).getByRole('img', { name: 'The system' }).waitFor();
        await editor(page).getByText('How it fits').waitFor();
        await expect
          .poll(() => changeRequestMarkdown(changeRequestId, pageId), { timeout: 20_000 })
          .toMatch(
            /^<div align="center"><figure><img src="\.gitbook\/assets\/diagram\.png" alt="The system" width="300"><figcaption><p>How it fits<\/p><\/figcaption><\/figure><\/div>\n\nAn icon !\[icon\]\(\.gitbook\/assets\/diagram\.png\) in text\.\n$/,
          );

        // `/` → Image uploads a file to the change request and puts its image at the cursor.
        const surface = editor(page);
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        // Asked for before the menu is typed, as for the file above.
        const chooser = page.waitForEvent('filechooser');
        await page.keyboard.type('/image', { delay: 20 });
        await page
          .getByRole('listbox', { name: 'Insert a block' })
          .getByText('Image', { exact: true })
          .waitFor();
        await page.keyboard.press('Enter');
        await (await chooser).setFiles({
          name: 'photo.png',
          mimeType: 'image/png',
          buffer: Buffer.from(onePixelPng, 'base64'),
        });
        const uploaded = surface.getByRole('img', { name: 'photo' });
        await uploaded.waitFor();
        await expect
          .poll(() =>
            uploaded.evaluate((element) => (element as { naturalWidth: number }).naturalWidth),
          )
          .toBe(1);
        const { items: files } = await org.admin.client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
          { params: { path: { spaceId, changeRequestId } } },
        );
        expect(files.map((file) => file.name).sort()).toEqual(['diagram.png', 'photo.png']);
        await expect
          .poll(() => changeRequestMarkdown(changeRequestId, pageId), { timeout: 20_000 })
          .toContain('![photo](.gitbook/assets/photo.png)');
      },
    );

    sqliteOnly(
      'shows a reusable content a page includes in place, and keeps the include as it was',
      async () => {
        const { id: changeRequestId } = await org.admin.client.POST(
          '/spaces/{spaceId}/change-requests',
          { params: { path: { spaceId } }, body: { subject: 'Reusable content' } },
        );
        const include = '{% include ".gitbook/includes/contact-support.md" %}';
        await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
          params: { path: { spaceId, changeRequestId } },
          body: {
            changes: [
              {
                operation: 'insert_reusable_content',
                title: 'Contact support',
                document: { markdown: 'Write to **support@example.com**.\n' },
              },
              {
                operation: 'insert_page',
                title: 'Help',
                document: { markdown: `Stuck?\n\n${include}\n` },
              },
            ],
          },
        });
        const { pages } = await org.admin.client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
          { params: { path: { spaceId, changeRequestId } } },
        );
        const pageId = pages.find((entry) => entry.title === 'Help')?.id ?? '';
        const { page } = await person();
        await signIn(
          page,
          org.creator.user.email,
          `/app/spaces/${spaceId}/change-requests/${changeRequestId}/pages/${pageId}`,
        );
        const surface = editor(page);
        const shown = surface.locator('.reusable-content');
        await shown.getByText('Reusable content: Contact support').waitFor();
        expect(await shown.locator('strong').textContent()).toBe('support@example.com');
        expect(await seriousAxeViolations(page)).toEqual([]);
        // Its blocks are not the page's to edit; the page around them is.
        expect(await shown.getAttribute('contenteditable')).toBe('false');
        await surface.locator('p', { hasText: 'Stuck?' }).click();
        await page.keyboard.press('End');
        await page.keyboard.type(' Ask us.');
        await expect
          .poll(() => changeRequestMarkdown(changeRequestId, pageId), { timeout: 20_000 })
          .toBe(`Stuck? Ask us.\n\n${include}\n`);
      },
    );

    sqliteOnly(
      'links a page with `@`, and with a page link card, as GitBook links a page',
      async () => {
        const { page, surface, markdown, changeRequestId, pageId } =
          await welcomeInChangeRequest('Page link');
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        await page.keyboard.type('See @Welc');
        const menu = page.getByRole('listbox', { name: 'Link to a page' });
        await menu.getByRole('option', { name: 'Welcome' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.keyboard.press('Enter');
        await page.keyboard.type('for more.');
        await surface.locator('a', { hasText: 'Welcome' }).waitFor();
        await page.getByText('Saved', { exact: true }).waitFor();
        await expect.poll(markdown, { timeout: 20_000 }).toContain('See [Welcome](');
        // The link is to the page itself, not to an address: it follows the page.
        const read = await org.admin.client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
          { params: { path: { spaceId, changeRequestId, pageId }, query: { format: 'document' } } },
        );
        expect(JSON.stringify(read)).toContain(`"ref":{"kind":"page","page":"${pageId}"}`);

        // A page link card (`/` → "Page link") names the page chosen below the text.
        await surface.locator('p', { hasText: 'for more.' }).click();
        await page.keyboard.press('End');
        await page.keyboard.press('Enter');
        await page.keyboard.type('/page', { delay: 20 });
        await page
          .getByRole('listbox', { name: 'Insert a block' })
          .getByText('Page link')
          .waitFor();
        await page.keyboard.press('Enter');
        await page.getByLabel('Links to').selectOption({ label: 'Welcome' });
        await surface.locator('.content-ref', { hasText: '📄 Welcome' }).waitFor();
        // Written as GitBook writes a card: the page's file, from this page's.
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toMatch(
            /\n\{% content-ref url="([^"/]+\.md)" %\}\n\[\1\]\(\1\)\n\{% endcontent-ref %\}\n$/,
          );
      },
    );

    sqliteOnly(
      'turns pasted Markdown into the blocks it writes, and keeps plain text as it is',
      async () => {
        const { page, surface, markdown } = await welcomeInChangeRequest('Pasted Markdown');
        await surface.focus();
        await page.keyboard.press('Control+End');
        await page.keyboard.press('Enter');
        const paste = (text: string) =>
          page.evaluate(`(() => {
        const data = new DataTransfer();
        data.setData('text/plain', ${JSON.stringify(text)});
        document.querySelector('[contenteditable="true"]').dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      })()`);
        await paste(
          '## Steps\n\n- [ ] one\n- [x] two with **bold**\n\n[bad](javascript:alert(1)) and <img src=x onerror="window.pwned=1">\n',
        );
        await surface.getByRole('heading', { level: 2, name: 'Steps' }).waitFor();
        await surface.getByRole('checkbox', { name: 'To do: one' }).waitFor();
        await surface.locator('strong', { hasText: 'bold' }).waitFor();
        // Text that is not Markdown is pasted as typed.
        await page.keyboard.press('Control+End');
        await paste('2 * 3 = 6');
        await page.getByText('2 * 3 = 6').waitFor();
        await page.getByText('Saved', { exact: true }).waitFor();
        expect(await page.evaluate('window.pwned')).toBeUndefined();
        expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
        await expect
          .poll(markdown, { timeout: 20_000 })
          .toContain('## Steps\n\n* [ ] one\n* [x] two with **bold**\n');
      },
    );

    it('turns pasted HTML into the blocks it says, running nothing and keeping no javascript: link', async () => {
      const { page, errors } = await person();
      await signIn(page, org.creator.user.email, `/app/spaces/${spaceId}`);
      await page.getByRole('button', { name: 'Edit in a change request' }).click();
      const surface = editor(page);
      await surface.waitFor();
      await surface.focus();
      await page.keyboard.press('Control+End');
      // Dispatched as the browser does for Ctrl+V, with HTML another page put on the clipboard.
      await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/html', ${JSON.stringify(pasted)});
      document.querySelector('[contenteditable="true"]').dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    })()`);
      await surface.getByText('Pasted link').waitFor();
      // Another page's structure comes as the blocks it says: a heading, a list, a table.
      await page.keyboard.press('Control+End');
      await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/html', '<h2>From the web</h2><ul><li>first</li></ul><table><tr><th>Name</th></tr><tr><td>Ada</td></tr></table>');
      document.querySelector('[contenteditable="true"]').dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    })()`);
      await surface.getByRole('heading', { level: 2, name: 'From the web' }).waitFor();
      await surface.locator('li', { hasText: 'first' }).waitFor();
      await surface.locator('td', { hasText: 'Ada' }).waitFor();
      await page.getByText('Saved', { exact: true }).waitFor();
      expect(await page.evaluate('window.pwned')).toBeUndefined();
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      // Chromium checks the app's policy as it parses the pasted `onerror` into ProseMirror's
      // reading document, which runs no handler with or without it, and reports the check.
      const policyChecks = errors.filter((error) =>
        error.includes('Executing inline event handler violates'),
      );
      errors.splice(0, errors.length, ...errors.filter((error) => !policyChecks.includes(error)));
    });

    sqliteOnly(
      'signs a newcomer up from an invite link, and lets a signed-in person join from one',
      async () => {
        const link = await org.admin.client.POST('/orgs/{organizationId}/link-invites', {
          params: { path: { organizationId: org.organizationId } },
          body: { role: 'comment' },
        });
        const newcomer = await person();
        await newcomer.page.goto(link.urls.app);
        await newcomer.page.getByRole('button', { name: 'Create account and join' }).waitFor();
        expect(await seriousAxeViolations(newcomer.page)).toEqual([]);
        await newcomer.page.getByLabel('Name').fill('Nina Newcomer');
        await newcomer.page.getByLabel('Email').fill('nina@example.com');
        await newcomer.page.getByLabel('Password').fill(password);
        await newcomer.page.getByRole('button', { name: 'Create account and join' }).click();
        await newcomer.page.getByRole('button', { name: 'Sign out' }).waitFor();
        await newcomer.page.getByRole('link', { name: 'Handbook' }).first().waitFor();
        expect(new URL(newcomer.page.url()).pathname).toBe(`/app/orgs/${org.organizationId}`);
        newcomer.errors.splice(0);

        // Someone with an account signs in on the link's page, then joins with one button.
        const outsider = org.outsider.user;
        await setPassword(server.services.db, outsider.id, password, server.clock.now());
        const { page, errors } = await person();
        await page.goto(link.urls.app);
        await page.getByRole('button', { name: 'I have an account: sign in' }).click();
        await page.getByLabel('Email').fill(outsider.email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Join the organization' }).click();
        await page.getByRole('link', { name: 'Handbook' }).first().waitFor();
        errors.splice(0);
        expect(await memberRole(outsider.id)).toBe('comment');
        const { items } = await org.admin.client.GET('/orgs/{organizationId}/members', {
          params: {
            path: { organizationId: org.organizationId },
            query: { search: 'nina@example.com' },
          },
        });
        expect(items[0]).toMatchObject({ role: 'comment', user: { displayName: 'Nina Newcomer' } });
      },
    );

    sqliteOnly(
      'lets an admin change roles, remove members and make invite links; others only read',
      async () => {
        const joiner = await server.createUser({
          organizationId: org.organizationId,
          role: 'read',
        });
        const { page } = await person();
        await signIn(page, org.admin.user.email, `/app/orgs/${org.organizationId}`);
        await page.getByRole('link', { name: 'Members and invite links' }).click();
        const roleOfJoiner = page.getByLabel(`Role of ${joiner.user.displayName}`);
        const saved = page.waitForResponse(
          (response) =>
            response.request().method() === 'PATCH' && response.url().includes('/members/'),
        );
        await roleOfJoiner.selectOption('review');
        await saved;
        expect(await memberRole(joiner.user.id)).toBe('review');
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.getByLabel('Role of a new link').selectOption('edit');
        await page.getByRole('button', { name: 'Create invite link' }).click();
        const shown = page.getByLabel('Invite link (edit)');
        await shown.waitFor();
        const { items: links } = await org.admin.client.GET('/orgs/{organizationId}/link-invites', {
          params: { path: { organizationId: org.organizationId } },
        });
        expect(links.map((link) => link.urls.app)).toContain(await shown.inputValue());

        await page.getByRole('button', { name: `Remove ${joiner.user.displayName}` }).click();
        await roleOfJoiner.waitFor({ state: 'detached' });
        expect(await memberRole(joiner.user.id)).toBeUndefined();

        // A member without the admin role reads the list, with no controls.
        const reader = await person();
        await signIn(reader.page, org.reader.user.email, `/app/orgs/${org.organizationId}/members`);
        await reader.page.getByRole('cell', { name: org.admin.user.email }).waitFor();
        expect(await reader.page.getByRole('combobox').count()).toBe(0);
        expect(await reader.page.getByRole('button', { name: 'Create invite link' }).count()).toBe(
          0,
        );
      },
    );

    sqliteOnly(
      'signs a person in through the organization single sign-on, back where they started',
      async () => {
        const idp = await startSamlIdentityProvider();
        const organizationId = org.organizationId;
        const provider = await org.admin.client.POST('/orgs/{organizationId}/saml', {
          params: { path: { organizationId } },
          body: {
            label: 'Company login',
            ssoURL: idp.ssoUrl,
            entityID: idp.entityId,
            certificate: idp.key.certificate,
            defaultRole: 'read',
          },
        });
        try {
          idp.nextResponse = { email: 'sam@example.com', displayName: 'Sam Single' };
          const { page, errors } = await person();
          await page.goto(`${origin}/app/orgs/${organizationId}/members`);
          await page.getByRole('link', { name: 'Sign in with Company login' }).click();
          await page.getByRole('button', { name: 'Sign out' }).waitFor();
          expect(new URL(page.url()).pathname).toBe(`/app/orgs/${organizationId}/members`);
          await page.getByRole('cell', { name: 'sam@example.com' }).waitFor();
          errors.splice(0);
        } finally {
          await org.admin.client.DELETE('/orgs/{organizationId}/saml/{samlProviderId}', {
            params: { path: { organizationId, samlProviderId: provider.id } },
          });
          await idp.close();
        }
      },
    );

    sqliteOnly(
      'signs a person in through an OpenID Connect provider the admin added in the app',
      async () => {
        const idp = await startOidcIdentityProvider();
        const organizationId = org.organizationId;
        try {
          const admin = await person();
          await signIn(admin.page, org.admin.user.email, `/app/orgs/${organizationId}/sso`);
          const form = admin.page.getByRole('form', { name: 'Add an OpenID Connect provider' });
          await form.getByLabel('Name on the sign-in page').fill('Staff login');
          await form.getByLabel('Issuer URL').fill(idp.issuer);
          await form.getByLabel('Client ID').fill(idp.confidential.clientId);
          await form
            .getByLabel('Client secret (none for a public client)')
            .fill(idp.confidential.clientSecret);
          await form.getByRole('button', { name: 'Add OpenID Connect provider' }).click();
          const card = admin.page.getByRole('region', { name: 'Staff login' });
          await card.getByText('confidential client', { exact: false }).waitFor();
          const { items } = await org.admin.client.GET('/orgs/{organizationId}/oidc', {
            params: { path: { organizationId } },
          });
          const [provider] = items;
          expect(provider).toMatchObject({ label: 'Staff login', hasClientSecret: true });
          await card.getByText(provider?.service.redirectURL ?? '', { exact: true }).waitFor();
          expect(await seriousAxeViolations(admin.page)).toEqual([]);
          idp.allowRedirects([provider?.service.redirectURL ?? '']);

          idp.nextPerson = { email: 'olive@example.com', name: 'Olive Oidc' };
          const { page, errors } = await person();
          await page.goto(`${origin}/app/orgs/${organizationId}/members`);
          await page.getByRole('link', { name: 'Sign in with Staff login' }).click();
          await page.getByRole('button', { name: 'Sign out' }).waitFor();
          expect(new URL(page.url()).pathname).toBe(`/app/orgs/${organizationId}/members`);
          await page.getByRole('cell', { name: 'olive@example.com' }).waitFor();
          errors.splice(0);

          await card.getByRole('button', { name: 'Remove Staff login' }).click();
          await card.waitFor({ state: 'detached' });
        } finally {
          await idp.close();
        }
      },
    );

    sqliteOnly(
      'lets an admin run teams, single sign-on and webhooks, each found again in the audit log',
      async () => {
        const organizationId = org.organizationId;
        const path = { organizationId };
        const { page } = await person();
        await signIn(page, org.admin.user.email, `/app/orgs/${organizationId}`);
        const administration = page.getByRole('navigation', { name: 'Organization' });

        await administration.getByRole('link', { name: 'Teams' }).click();
        await page.getByLabel('New team').fill('Writers');
        await page.getByRole('button', { name: 'Create team' }).click();
        const team = page.getByRole('region', { name: 'Writers' });
        await team.getByLabel('Add to Writers').selectOption(org.creator.user.id);
        await team.getByRole('button', { name: 'Add', exact: true }).click();
        await team
          .getByRole('button', { name: `Remove ${org.creator.user.displayName} from Writers` })
          .waitFor();
        const { items: teams } = await org.admin.client.GET('/orgs/{organizationId}/teams', {
          params: { path },
        });
        const writers = teams.find((entry) => entry.title === 'Writers');
        expect(writers?.members).toBe(1);
        expect(await seriousAxeViolations(page)).toEqual([]);

        await administration.getByRole('link', { name: 'Single sign-on' }).click();
        const idp = await startSamlIdentityProvider();
        await idp.close();
        const samlForm = page.getByRole('form', { name: 'Add a SAML provider' });
        await samlForm.getByLabel('Name on the sign-in page').fill('Staff login');
        await samlForm.getByLabel('Single sign-on URL').fill(idp.ssoUrl);
        await samlForm.getByLabel('Identity provider entity ID').fill(idp.entityId);
        await samlForm.getByLabel('Signing certificate (PEM)').fill(idp.key.certificate);
        await samlForm.getByRole('button', { name: 'Add provider' }).click();
        const provider = page.getByRole('region', { name: 'Staff login' });
        await provider.getByText('SAML, active').waitFor();
        const { items: providers } = await org.admin.client.GET('/orgs/{organizationId}/saml', {
          params: { path },
        });
        const staff = providers.find((entry) => entry.label === 'Staff login');
        expect(staff).toMatchObject({ status: 'active', ssoURL: idp.ssoUrl });
        // What to enter on the identity provider's side is shown as the API gives it.
        await provider.getByText(staff?.service.acsURL ?? '', { exact: true }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await provider.getByRole('button', { name: 'Remove Staff login' }).click();
        await provider.waitFor({ state: 'detached' });

        await administration.getByRole('link', { name: 'Webhooks' }).click();
        await page.getByLabel('Payload URL').fill('https://hooks.example.com/quire');
        await page.getByRole('button', { name: 'Add webhook' }).click();
        await page
          .getByRole('status')
          .getByText(/^whsec_/)
          .waitFor();
        const hook = page.getByRole('region', { name: 'Webhook https://hooks.example.com/quire' });
        await hook.getByRole('button', { name: 'Send a test event' }).click();
        await hook.getByText('webhook.pinged: pending').waitFor();
        await hook.getByRole('button', { name: 'Turn off' }).click();
        await hook.getByRole('button', { name: 'Turn on' }).waitFor();
        const { items: hooks } = await org.admin.client.GET('/orgs/{organizationId}/webhooks', {
          params: { path },
        });
        expect(hooks).toEqual([
          expect.objectContaining({ url: 'https://hooks.example.com/quire', active: false }),
        ]);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await hook.getByRole('button', { name: 'Delete webhook' }).click();
        await hook.waitFor({ state: 'detached' });

        await administration.getByRole('link', { name: 'Audit log' }).click();
        const log = page.getByRole('table');
        await log.getByRole('row').nth(1).waitFor();
        // The test clock stands still, so every earlier test's events share the time of these:
        // a filter finds them whatever page they would fall on.
        await page.getByLabel('Action').selectOption('team.created');
        await log.getByRole('row').filter({ hasText: 'Writers' }).waitFor();
        await page.getByLabel('Action').selectOption('webhook.deleted');
        await log.getByRole('row').filter({ hasText: 'hooks.example.com' }).waitFor();
        expect(await log.getByRole('row').filter({ hasText: 'Writers' }).count()).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // A member without the admin role sees the teams, and no way to make one.
        const reader = await person();
        await signIn(reader.page, org.reader.user.email, `/app/orgs/${organizationId}/teams`);
        await reader.page.getByRole('region', { name: 'Writers' }).waitFor();
        expect(await reader.page.getByRole('button', { name: 'Create team' }).count()).toBe(0);
        expect(await reader.page.getByRole('combobox').count()).toBe(0);
      },
    );

    sqliteOnly(
      'keeps a space in step with a Git repository, connected and disconnected in the app',
      async () => {
        const credentials = { username: 'git', password: 'a host token' };
        const git = await startGitHttpServer(credentials);
        try {
          await git.createRepository('handbook');
          const { page, errors } = await person();
          await signIn(page, org.admin.user.email, `/app/spaces/${spaceId}`);
          await page.getByRole('link', { name: 'Git sync' }).click();
          await page.getByLabel('Repository URL').fill(git.url('handbook'));
          await page
            .getByLabel('Access token (for a private repository)')
            .fill(credentials.password);
          await page.getByLabel("The space's content is pushed to the branch").check();
          await page.getByRole('button', { name: 'Connect', exact: true }).click();
          await page.getByText('Export: queued').waitFor();
          await page
            .getByRole('status')
            .getByText(/push webhooks with/)
            .waitFor();
          expect(await seriousAxeViolations(page)).toEqual([]);
          await server.jobs.runDue();
          await page.getByText('Export: success').waitFor();
          expect([...(await git.files('handbook')).keys()]).toContain('README.md');
          await page.getByRole('button', { name: 'Disconnect' }).click();
          // Exactly: a name matches as a part otherwise, and "Disconnect" holds "connect".
          await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
          await expect(
            org.admin.client.GET('/spaces/{spaceId}/git/connection', {
              params: { path: { spaceId } },
            }),
          ).rejects.toMatchObject({ status: 404 });
          // A space that is not connected is a 404 of the API, which the browser logs: every one
          // is in once the page is closed.
          await page.close();
          const notConnected = `404 from ${origin}/v1/spaces/${spaceId}/git/connection`;
          expect(errors.filter((error) => error !== notConnected)).toEqual([]);
          errors.splice(0);
        } finally {
          await git.close();
        }
      },
    );

    sqliteOnly(
      'opens the screens of collections, revisions, OpenAPI specs and integrations',
      async () => {
        const organizationId = org.organizationId;
        const { page } = await person();
        await signIn(page, org.admin.user.email, `/app/orgs/${organizationId}`);
        await page.getByLabel('New collection').fill('Guides');
        await page.getByRole('button', { name: 'Create collection' }).click();
        await page.getByRole('link', { name: '🗂 Guides' }).click();
        await page.getByRole('heading', { name: 'Guides', level: 1 }).waitFor();
        await page.getByLabel('New space').fill('Tutorials');
        await page.getByLabel('Starting from').selectOption({ index: 1 });
        await page.getByRole('button', { name: 'Create space' }).click();
        await page.waitForURL(/\/app\/spaces\/[^/]+$/);
        const tutorialsId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
        const tutorials = await org.admin.client.GET('/spaces/{spaceId}', {
          params: { path: { spaceId: tutorialsId } },
        });
        expect(tutorials).toMatchObject({ title: 'Tutorials', parent: expect.any(String) });
        const collection = await org.admin.client.GET('/collections/{collectionId}', {
          params: { path: { collectionId: tutorials.parent ?? '' } },
        });
        const { pages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
          params: { path: { spaceId: tutorialsId } },
        });
        expect(pages.length).toBeGreaterThan(0);
        await page.goto(collection.urls.app);
        await page.getByRole('link', { name: 'Tutorials' }).waitFor();

        const revision = await org.admin.client.GET('/spaces/{spaceId}/revisions/{revisionId}', {
          params: { path: { spaceId: tutorialsId, revisionId: tutorials.revision } },
        });
        await page.goto(revision.urls.app);
        await page.getByRole('status').getByText('The space as it was on').waitFor();
        await page.getByRole('heading', { name: pages[0]?.title ?? '', level: 1 }).waitFor();

        const spec = await org.admin.client.POST('/orgs/{organizationId}/openapi', {
          params: { path: { organizationId } },
          body: {
            slug: 'pets',
            source: {
              text: JSON.stringify({
                openapi: '3.1.0',
                info: { title: 'Pets', version: '1' },
                paths: { '/pets': { get: { responses: { '200': { description: 'Pets' } } } } },
              }),
            },
          },
        });
        await page.goto(spec.urls.app);
        await page.getByRole('heading', { name: 'OpenAPI spec pets' }).waitFor();
        await page.getByText('Given as text').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);

        const integration = await org.admin.client.POST('/integrations/{integrationName}', {
          params: { path: { integrationName: 'reader-counter' } },
          body: {
            organization: organizationId,
            title: 'Reader counter',
            description: 'Counts readers',
            script: 'export default {}',
            scopes: [],
          },
        });
        await page.goto(integration.urls.app);
        await page.getByRole('heading', { name: 'Reader counter' }).waitFor();
        await page.goto(`${origin}/app/orgs/${organizationId}/integrations/reader-counter`);
        await page.getByRole('button', { name: 'Install', exact: true }).click();
        await page.getByRole('button', { name: 'Uninstall' }).waitFor();
        const { items: installations } = await org.admin.client.GET(
          '/integrations/{integrationName}/installations',
          { params: { path: { integrationName: 'reader-counter' } } },
        );
        const [installation] = installations;
        expect(installation?.target.organization).toBe(organizationId);
        // The installation's own addresses open the same screen.
        await page.goto(installation?.urls.publicEndpoint ?? '');
        await page.getByRole('button', { name: 'Uninstall' }).waitFor();
        await page.goto(installation?.urls.app ?? '');
        await page.getByRole('button', { name: 'Uninstall' }).click();
        await page.getByRole('button', { name: 'Install', exact: true }).waitFor();
      },
    );

    sqliteOnly(
      "sets a site's share links, sections and look, as its readers then find it",
      async () => {
        const organizationId = org.organizationId;
        const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
          params: { path: { organizationId } },
          body: { title: 'Partners' },
        });
        const path = { organizationId, siteId: site.id };
        const { page } = await person();
        await signIn(page, org.admin.user.email, new URL(site.urls.app).pathname);
        await page.getByLabel('Who can read it').selectOption('share-link');
        await page.getByLabel('New share link, for').fill('Acme');
        await page.getByRole('button', { name: 'Create share link' }).click();
        const shareLink = page.getByLabel('Share link Acme');
        await shareLink.waitFor();
        const shareUrl = await shareLink.inputValue();
        expect(shareUrl).toContain('share=');
        await page.getByRole('button', { name: 'Turn off Acme' }).click();
        await page.getByRole('button', { name: 'Turn on Acme' }).click();
        await page.getByRole('button', { name: 'Turn off Acme' }).waitFor();
        const { items: links } = await org.admin.client.GET(
          '/orgs/{organizationId}/sites/{siteId}/share-links',
          { params: { path } },
        );
        expect(links).toEqual([expect.objectContaining({ name: 'Acme', active: true })]);

        await page.getByLabel('New section').fill('Guide');
        await page.getByLabel('publishing').selectOption({ label: 'Handbook' });
        await page.getByRole('button', { name: 'Add section' }).click();
        await page.getByRole('button', { name: 'Delete section Guide' }).waitFor();
        const { items: sections } = await org.admin.client.GET(
          '/orgs/{organizationId}/sites/{siteId}/sections',
          { params: { path } },
        );
        expect(sections).toEqual([expect.objectContaining({ title: 'Guide', default: true })]);

        await page.getByLabel('Theme').selectOption('bold');
        await page.getByLabel('Show an announcement').check();
        await page.getByLabel('Announcement', { exact: true }).fill('Read the new guide');
        await page.getByRole('button', { name: 'Save the look' }).click();
        await page.getByRole('status').getByText('Saved.').waitFor();
        const customization = await org.admin.client.GET(
          '/orgs/{organizationId}/sites/{siteId}/customization',
          { params: { path } },
        );
        expect(customization.styling.theme).toBe('bold');
        expect(customization.announcement).toMatchObject({
          enabled: true,
          message: 'Read the new guide',
        });
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByRole('button', { name: 'Unpublish' }).waitFor();
        // Someone with only the link, signed in nowhere, reads the site with its announcement.
        const partner = await person();
        await partner.page.goto(shareUrl);
        await partner.page.getByText('Read the new guide').waitFor();
      },
    );

    sqliteOnly('reaches every control of its screens with Tab alone', async () => {
      const { page } = await person();
      const { id: changeRequestId } = await org.admin.client.POST(
        '/spaces/{spaceId}/change-requests',
        { params: { path: { spaceId } }, body: { subject: 'By keyboard' } },
      );
      const { pages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
        params: { path: { spaceId } },
      });
      const welcome = pages.find((entry) => entry.title === 'Welcome')?.id ?? '';
      const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
        params: { path: { organizationId: org.organizationId } },
        body: { title: 'Keyboard docs', spaces: [spaceId] },
      });
      await signIn(page, org.admin.user.email);
      for (const path of [
        '/app/',
        `/app/orgs/${org.organizationId}`,
        `/app/spaces/${spaceId}`,
        `/app/spaces/${spaceId}/change-requests/${changeRequestId}`,
        `/app/spaces/${spaceId}/change-requests/${changeRequestId}/pages/${welcome}`,
        `/app/orgs/${org.organizationId}/members`,
        `/app/orgs/${org.organizationId}/teams`,
        `/app/orgs/${org.organizationId}/webhooks`,
        `/app/orgs/${org.organizationId}/sso`,
        `/app/orgs/${org.organizationId}/audit-log`,
        `/app/orgs/${org.organizationId}/sites/${site.id}`,
        '/app/settings',
      ]) {
        await page.goto(`${origin}${path}`);
        await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
        await page.waitForLoadState('networkidle');
        expect({ path, unreached: await unreachedByTab(page) }).toEqual({ path, unreached: [] });
      }
    });

    sqliteOnly('has no serious or critical axe violations, light and dark', async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await person({ colorScheme });
        await page.goto(`${origin}/app/sign-in`);
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await signIn(page, org.admin.user.email, `/app/spaces/${spaceId}`);
        await page.getByRole('navigation', { name: 'Pages' }).getByText('Welcome').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
      }
    });
  },
);
