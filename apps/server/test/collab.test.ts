import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { markdownToDocument, toGitBookDocument } from '@quire/document';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { yDocFromUpdates } from '../src/collab/page-ydoc.js';
import { writePageRevision } from '../src/collab/revision-writes.js';
import { setPassword } from '../src/domain/users/sessions.js';
import { findCollabDocument, listCollabUpdates } from '../src/store/collab-documents.js';
import { appBrowser } from './support/app-browser.js';
import { batchResult } from './support/batch-result.js';
import {
  type CollabClient,
  collabClient,
  type ServedCollab,
  serveCollab,
} from './support/collab-clients.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

// What people type in a page together reaches each other, is stored as it comes, and lands as
// revisions of the change request, with everyone who typed as its authors.
describe('live collaboration', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let served: ServedCollab;
  let spaceId: string;
  let pageId: string;
  const clients: CollabClient[] = [];
  const password = 'correct horse battery';

  const open = (name: string, token: string, headers: Record<string, string> = {}) => {
    const client = collabClient(served.url, name, token, headers);
    clients.push(client);
    return client;
  };
  const openChangeRequest = async () =>
    (
      await org.admin.client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: {},
      })
    ).id;
  const pageMarkdown = async (changeRequestId: string) => {
    const page = await org.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      {
        params: {
          path: { spaceId, changeRequestId, pageId },
          query: { format: 'markdown' },
        },
      },
    );
    return 'markdown' in page ? (page.markdown ?? '') : '';
  };

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    const space = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Handbook' },
    });
    spaceId = space.id;
    const changeRequestId = await openChangeRequest();
    const path = { spaceId, changeRequestId };
    const inserted = batchResult(
      await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path, query: { compat: false } },
        body: {
          changes: [
            {
              operation: 'insert_page',
              type: 'document',
              title: 'Welcome',
              document: { markdown: 'Hello there.\n\nSecond paragraph.\n' },
            },
          ],
        },
      }),
    );
    const outcome = inserted.changes[0];
    if (outcome?.object !== 'created_page') throw new Error('no page made');
    pageId = outcome.page.id;
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path },
    });
    served = await serveCollab(server);
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    await served?.close();
    await server?.close();
  });

  it('answers a flush from a page opened again at once on the same socket, as the app does', async () => {
    const changeRequestId = await openChangeRequest();
    const name = `${spaceId}/${changeRequestId}/${pageId}`;
    // One socket for every page, as in the app; each opening of a page its own session on it.
    const socket = new HocuspocusProviderWebsocket({
      url: served.url,
      WebSocketPolyfill: WebSocket,
    });
    const opening = (onWritten: (id: string) => void = () => {}) =>
      new Promise<HocuspocusProvider>((resolve) => {
        const provider = new HocuspocusProvider({
          websocketProvider: socket,
          name,
          token: org.admin.token,
          sessionAwareness: true,
          onSynced: () => resolve(provider),
          onStateless: ({ payload }) => {
            const message = JSON.parse(payload) as { written?: string };
            if (message.written !== undefined) onWritten(message.written);
          },
        });
        provider.attach();
      });
    try {
      const first = await opening();
      // Closed and opened again before the server has let go of the first.
      first.destroy();
      let answered: (id: string) => void = () => {};
      const written = new Promise<string>((resolve) => {
        answered = resolve;
      });
      const again = await opening((id) => answered(id));
      again.sendStateless(JSON.stringify({ flush: 'before-merging' }));
      expect(await written).toBe('before-merging');
      again.destroy();
    } finally {
      socket.destroy();
    }
  });

  it('lets two writers type in one paragraph at once: they converge and land as one revision', async () => {
    const changeRequestId = await openChangeRequest();
    const name = `${spaceId}/${changeRequestId}/${pageId}`;
    const admin = open(name, org.admin.token);
    const creator = open(name, org.creator.token);
    await Promise.all([admin.ready, creator.ready]);
    expect(admin.text()).toEqual(['Hello there.', 'Second paragraph.']);

    admin.type(0, 0, 'Ada wrote this. ');
    creator.type(0, 0, 'Grace wrote that. ');
    const both = (client: CollabClient) =>
      /Ada wrote this\. /.test(client.text()[0] ?? '') &&
      /Grace wrote that\. /.test(client.text()[0] ?? '');
    await expect.poll(() => both(admin) && both(creator), { timeout: 15_000 }).toBe(true);
    expect(creator.text()).toEqual(admin.text());
    const [first] = admin.text();
    expect(first).toContain('Ada wrote this. ');
    expect(first).toContain('Grace wrote that. ');
    expect(first).toContain('Hello there.');

    // Written as a revision of the change request, by both.
    await expect.poll(() => pageMarkdown(changeRequestId), { timeout: 15_000 }).toContain(first);
    const events = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId } },
    });
    const written = events.items.filter(
      (event) =>
        event.action === 'change_request.content_updated' && event.target?.id === changeRequestId,
    );
    expect(written.length).toBeGreaterThan(0);
    const authors = new Set<string>();
    for (const event of written) {
      const detail = await org.admin.client.GET(
        '/orgs/{organizationId}/audit-events/{auditEventId}',
        { params: { path: { organizationId: org.organizationId, auditEventId: event.id } } },
      );
      const payload = detail.payload as { authors?: string[] };
      for (const id of payload.authors ?? [event.actor?.id ?? '']) authors.add(id);
    }
    expect(authors).toEqual(new Set([org.admin.user.id, org.creator.user.id]));
  });

  it('tells a writer an update is saved only once it is stored', async () => {
    const changeRequestId = await openChangeRequest();
    const name = `${spaceId}/${changeRequestId}/${pageId}`;
    const writer = open(name, org.admin.token);
    await writer.ready;
    writer.type(1, 0, 'Kept: ');
    expect(writer.saved()).toBe(false);
    await expect.poll(() => writer.saved(), { timeout: 15_000 }).toBe(true);
    // What a process that died now would load: the stored state and the updates after it.
    const stored = await findCollabDocument(server.services.db, name);
    const updates = await listCollabUpdates(server.services.db, name);
    if (stored === undefined) throw new Error('not stored');
    const reloaded = yDocFromUpdates([stored.state, ...updates.map((row) => row.update)]);
    expect(reloaded.getXmlFragment('default').toString()).toContain('Kept: ');
  });

  it('gives a reader the page and presence, and refuses what they send', async () => {
    const changeRequestId = await openChangeRequest();
    const name = `${spaceId}/${changeRequestId}/${pageId}`;
    const warn = vi.spyOn(server.services.logger, 'warn');
    const writer = open(name, org.admin.token);
    const reader = open(name, org.reader.token);
    await Promise.all([writer.ready, reader.ready]);
    expect(reader.provider.authorizedScope).toBe('readonly');

    reader.provider.setAwarenessField('user', { name: 'Reader' });
    await expect
      .poll(() =>
        [...writer.provider.awareness!.getStates().values()].some(
          (state) => (state.user as { name?: string } | undefined)?.name === 'Reader',
        ),
      )
      .toBe(true);

    reader.type(0, 0, 'Forged ');
    writer.type(1, 0, 'Real ');
    await expect.poll(() => reader.text()[1], { timeout: 15_000 }).toBe('Real Second paragraph.');
    await expect.poll(() => writer.saved(), { timeout: 15_000 }).toBe(true);
    expect(writer.text()[0]).toBe('Hello there.');
    await expect.poll(() => pageMarkdown(changeRequestId), { timeout: 15_000 }).toContain('Real');
    expect(await pageMarkdown(changeRequestId)).not.toContain('Forged');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ userId: org.reader.user.id, document: name }),
      'collab: refused an update from a read-only connection',
    );
    warn.mockRestore();
  });

  it('writes a page only on the head it was last in step with', async () => {
    const changeRequestId = await openChangeRequest();
    const path = { spaceId, changeRequestId };
    const before = await org.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      { params: { path } },
    );
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path },
      body: { changes: [{ operation: 'update_page', page: pageId, title: 'Moved on' }] },
    });
    const stale = writePageRevision(
      server.services.db,
      server.services.contentWrites,
      { spaceId, changeRequestId, pageId },
      [{ user: org.admin.user }],
      toGitBookDocument(markdownToDocument('Overwritten.\n')),
      { onHead: before.revision, now: server.clock.now() },
    );
    await expect(stale).rejects.toMatchObject({ kind: 'conflict' });
    expect(await pageMarkdown(changeRequestId)).not.toContain('Overwritten.');
  });

  it('refuses an outsider, a bad token and a page that is not there, alike', async () => {
    const changeRequestId = await openChangeRequest();
    const name = `${spaceId}/${changeRequestId}/${pageId}`;
    const refused = [
      open(name, org.outsider.token),
      open(name, 'qr_not-a-token'),
      open(`${spaceId}/${changeRequestId}/nosuchpage`, org.admin.token),
      open(`${spaceId}/nosuchcr/${pageId}`, org.admin.token),
      open('not a name', org.admin.token),
    ];
    for (const client of refused) await expect(client.ready).rejects.toThrow(/refused/);
    expect(refused.map((client) => client.refusals[0])).toEqual([
      'No such page, or no access to it',
      'Invalid or revoked API token',
      'No such page, or no access to it',
      'No such page, or no access to it',
      'No such page, or no access to it',
    ]);
  });

  it('makes a merged change request read-only', async () => {
    const changeRequestId = await openChangeRequest();
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path: { spaceId, changeRequestId } },
    });
    const writer = open(`${spaceId}/${changeRequestId}/${pageId}`, org.admin.token);
    await writer.ready;
    expect(writer.provider.authorizedScope).toBe('readonly');
  });

  it('disconnects a member removed from the organization at once', async () => {
    const member = await server.createUser({ organizationId: org.organizationId, role: 'edit' });
    const changeRequestId = await openChangeRequest();
    const writer = open(`${spaceId}/${changeRequestId}/${pageId}`, member.token);
    await writer.ready;
    await org.admin.client.DELETE('/orgs/{organizationId}/members/{userId}', {
      params: { path: { organizationId: org.organizationId, userId: member.user.id } },
    });
    // Closed by the server; the provider's reconnection is refused.
    await expect
      .poll(() => writer.refusals, { timeout: 15_000 })
      .toContain('No such page, or no access to it');
  });

  it('merges a revision written through the API while two people type, losing nothing', async () => {
    const changeRequestId = await openChangeRequest();
    const name = `${spaceId}/${changeRequestId}/${pageId}`;
    const admin = open(name, org.admin.token);
    const creator = open(name, org.creator.token);
    await Promise.all([admin.ready, creator.ready]);
    admin.type(0, 0, 'Typed first. ');
    await expect
      .poll(() => pageMarkdown(changeRequestId), { timeout: 15_000 })
      .toContain('Typed first.');

    // An API batch replaces the page's second paragraph and adds a third; both type while the
    // room merges it in. (Typing written before the batch lands would be replaced by it: the
    // batch names the whole page.)
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path: { spaceId, changeRequestId } },
      body: {
        changes: [
          {
            operation: 'update_page',
            page: pageId,
            document: {
              markdown: 'Typed first. Hello there.\n\nChanged by the API.\n\nAdded by the API.\n',
            },
          },
        ],
      },
    });
    admin.type(0, 0, 'Ada. ');
    creator.type(0, 0, 'Grace. ');

    for (const client of [admin, creator]) {
      await expect.poll(() => client.text(), { timeout: 15_000 }).toContain('Added by the API.');
    }
    await expect.poll(() => creator.text(), { timeout: 15_000 }).toEqual(admin.text());
    const [first, second, third] = admin.text();
    expect(first).toContain('Ada. ');
    expect(first).toContain('Grace. ');
    expect(first).toContain('Typed first. Hello there.');
    expect(second).toBe('Changed by the API.');
    expect(third).toBe('Added by the API.');
    await expect.poll(() => pageMarkdown(changeRequestId), { timeout: 15_000 }).toContain(first);
    expect(await pageMarkdown(changeRequestId)).toContain('Added by the API.');
  });

  it("takes the app's session from its own origin only", async () => {
    const person = await server.createUser({ organizationId: org.organizationId, role: 'edit' });
    await setPassword(server.services.db, person.user.id, password, server.clock.now());
    const browser = appBrowser(server);
    await browser.client.POST('/auth/sign-in', {
      body: { email: person.user.email, password },
    });
    const cookie = browser.cookie ?? '';
    const changeRequestId = await openChangeRequest();
    const name = `${spaceId}/${changeRequestId}/${pageId}`;
    const app = open(name, 'session', { cookie, origin: testBaseUrl });
    await app.ready;
    const elsewhere = open(name, 'session', { cookie, origin: 'https://evil.example' });
    await expect(elsewhere.ready).rejects.toThrow(/refused/);
    expect(elsewhere.refusals[0]).toBe('A session counts only on sockets the Quire app opens');

    // Signing out ends the socket too.
    await browser.client.POST('/auth/sign-out');
    await expect
      .poll(() => app.refusals, { timeout: 15_000 })
      .toContain('The session has ended: sign in again');
  });

  it.runIf(process.env.QUIRE_TEST_DATABASE === 'postgres')(
    'carries typing and cursors between two server processes on one database',
    async () => {
      const second = await startTestServer({ secondProcessOf: server });
      const elsewhere = await serveCollab(second);
      try {
        const changeRequestId = await openChangeRequest();
        const name = `${spaceId}/${changeRequestId}/${pageId}`;
        const here = open(name, org.admin.token);
        const there = collabClient(elsewhere.url, name, org.creator.token);
        clients.push(there);
        await Promise.all([here.ready, there.ready]);

        // One process writes the document's revisions (the first to claim it); each types in
        // turn, so the typing of the one that does not write has to reach the one that does.
        there.type(1, 0, 'From two. ');
        await expect.poll(() => here.text()[1], { timeout: 15_000 }).toContain('From two. ');
        await expect
          .poll(() => pageMarkdown(changeRequestId), { timeout: 15_000 })
          .toMatch(/From two\. /);
        here.type(0, 0, 'From one. ');
        await expect.poll(() => there.text()[0], { timeout: 15_000 }).toContain('From one. ');
        expect(here.text()).toEqual(there.text());

        there.provider.setAwarenessField('user', { name: 'Grace' });
        await expect
          .poll(
            () =>
              [...(here.provider.awareness?.getStates().values() ?? [])].some(
                (state) => (state.user as { name?: string } | undefined)?.name === 'Grace',
              ),
            { timeout: 15_000 },
          )
          .toBe(true);

        // The revision holds both, whichever process writes it.
        await expect
          .poll(() => pageMarkdown(changeRequestId), { timeout: 15_000 })
          .toMatch(/From one\. [\s\S]*From two\. /);
      } finally {
        await elsewhere.close();
        await second.close();
      }
    },
  );

  // Last: it changes the space's own page, which every change request above starts from.
  it('writes a live space straight to its head, and a locked one is read-only', async () => {
    const name = `${spaceId}/live/${pageId}`;
    const writer = open(name, org.creator.token);
    await writer.ready;
    expect(writer.provider.authorizedScope).toBe('read-write');
    writer.type(1, 0, 'Live: ');
    const spaceMarkdown = async () => {
      const page = await org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId }, query: { format: 'markdown' } },
      });
      return 'markdown' in page ? (page.markdown ?? '') : '';
    };
    await expect.poll(spaceMarkdown, { timeout: 15_000 }).toContain('Live: Second paragraph.');
    const events = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: {
        path: { organizationId: org.organizationId },
        query: { action: 'space.content_updated', actor: org.creator.user.id },
      },
    });
    expect(events.items.length).toBeGreaterThan(0);
    writer.close();

    await org.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId } },
      body: { editMode: 'locked' },
    });
    const locked = open(name, org.creator.token);
    await locked.ready;
    expect(locked.provider.authorizedScope).toBe('readonly');
  });
});
