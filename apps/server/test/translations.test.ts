import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { type FakeEngine, startFakeEngine } from './support/fake-translation-engines.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

const introMarkdown = [
  'Hello **big** world, see https://example.com/path and `inline code`.',
  '',
  '```js',
  'const greeting = 1;',
  '```',
  '',
  '$$',
  'a+b',
  '$$',
  '',
  'Inline $$x^2$$ here.',
  '',
].join('\n');

const instructions = (text: string) => ({
  object: 'document' as const,
  data: { schemaVersion: 1 },
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    },
  ],
});

function translationsOf(server: TestServer, org: StaffedOrganization) {
  const organizationId = org.organizationId;
  const path = (translationId: string) => ({ organizationId, translationId });
  return {
    list: (user: TestUser, query: { limit?: number; page?: string } = {}) =>
      user.client.GET('/orgs/{organizationId}/translations', {
        params: { path: { organizationId }, query },
      }),
    create: (user: TestUser, body: Record<string, unknown>) =>
      user.client.POST('/orgs/{organizationId}/translations', {
        params: { path: { organizationId } },
        // Invalid bodies are sent on purpose: the server must refuse them.
        body: body as never,
      }),
    get: (user: TestUser, translationId: string) =>
      user.client.GET('/orgs/{organizationId}/translations/{translationId}', {
        params: { path: path(translationId) },
      }),
    update: (user: TestUser, translationId: string, body: Record<string, unknown>) =>
      user.client.PUT('/orgs/{organizationId}/translations/{translationId}', {
        params: { path: path(translationId) },
        body: body as never,
      }),
    run: (user: TestUser, translationId: string) =>
      user.client.POST('/orgs/{organizationId}/translations/{translationId}/run', {
        params: { path: path(translationId) },
      }),
    /** The raw answer of a delete: the client does not tell 204 from 205. */
    remove: (user: TestUser, translationId: string) =>
      server.fetch(
        new Request(`http://quire.test/v1/orgs/${organizationId}/translations/${translationId}`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${user.token}` },
        }),
      ),
  };
}

describe('translations', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let spaceId: string;
  let translations: ReturnType<typeof translationsOf>;
  const french = () => ({
    source: { space: spaceId, language: 'en' },
    language: 'fr',
  });

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    spaceId = await createSpaceWithContent(org, 'Guide', [
      { operation: 'insert_page', title: 'Intro', document: { markdown: introMarkdown } },
    ]);
    translations = translationsOf(server, org);
  });
  afterAll(() => server.close());

  it('creates, reads, lists, updates and deletes translations with the codes of the requirements', async () => {
    const created = await translations.create(org.creator, {
      ...french(),
      instructions: instructions('Use a formal tone.'),
    });
    expect(created).toMatchObject({
      object: 'translation',
      status: 'pending',
      source: { space: spaceId, language: 'en' },
      language: 'fr',
      permissions: { view: true, edit: true },
      stats: { runs: 0, totalWords: 0, totalPages: 0 },
    });
    expect(created.result).toBeUndefined();
    expect(created.urls.location).toBe(
      `http://quire.test/v1/orgs/${org.organizationId}/translations/${created.id}`,
    );
    expect(created.instructions.nodes).toHaveLength(1);

    const read = await translations.get(org.reader, created.id);
    expect(read).toMatchObject({ id: created.id, permissions: { view: true, edit: false } });
    await expectApiError(translations.get(org.reader, 'missing'), 404);
    await expectApiError(translations.get(org.outsider, created.id), 404);

    server.clock.advance(1000);
    const second = await translations.create(org.admin, { ...french(), language: 'de' });
    expect(second.instructions).toEqual({
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [],
    });
    const first = await translations.list(org.reader, { limit: 1 });
    expect(first).toMatchObject({ count: 2, items: [{ id: second.id }] });
    const next = await translations.list(org.reader, { limit: 1, page: first.next?.page ?? '' });
    expect(next.items.map((item) => item.id)).toEqual([created.id]);
    expect(next.next).toBeUndefined();
    await expectApiError(translations.list(org.outsider), 404);

    const updated = await translations.update(org.creator, created.id, {
      instructions: instructions('Use an informal tone.'),
    });
    expect(updated.instructions.nodes).toMatchObject(instructions('Use an informal tone.').nodes);
    await expectApiError(
      translations.update(org.creator, 'missing', { instructions: instructions('x') }),
      404,
    );

    await translations.run(org.creator, created.id);
    await expectApiError(translations.run(org.creator, 'missing'), 404);

    expect((await translations.remove(org.creator, created.id)).status).toBe(205);
    expect((await translations.remove(org.creator, created.id)).status).toBe(204);
    await expectApiError(translations.get(org.creator, created.id), 404);

    const log = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { target: created.id } },
    });
    expect(log.items.map((event) => event.action).sort()).toEqual([
      'translation.created',
      'translation.deleted',
      'translation.run_requested',
      'translation.updated',
    ]);
    await translations.remove(org.admin, second.id);
  });

  it('lets only members with create or higher change translations', async () => {
    await expectApiError(translations.create(org.reader, french()), 403);
    await expectApiError(translations.create(org.outsider, french()), 404);
    const created = await translations.create(org.creator, french());
    await expectApiError(
      translations.update(org.reader, created.id, { instructions: instructions('x') }),
      403,
    );
    await expectApiError(translations.run(org.reader, created.id), 403);
    expect((await translations.remove(org.reader, created.id)).status).toBe(403);
    expect((await translations.remove(org.outsider, created.id)).status).toBe(404);
    expect((await translations.remove(org.creator, created.id)).status).toBe(205);
  });

  it('refuses bad bodies with 400', async () => {
    await expectApiError(translations.create(org.creator, { ...french(), language: 'xx' }), 400);
    await expectApiError(translations.create(org.creator, { language: 'fr' }), 400);
    await expectApiError(translations.create(org.creator, { ...french(), extra: true }), 400);
    await expectApiError(
      translations.create(org.creator, { ...french(), language: 'en' }),
      400,
      /another language/,
    );
    await expectApiError(
      translations.create(org.creator, {
        ...french(),
        source: { space: 'missing', language: 'en' },
      }),
      400,
      /body\.source\.space/,
    );
    await expectApiError(
      translations.create(org.creator, {
        ...french(),
        instructions: { object: 'paragraph', nodes: [] },
      }),
      400,
    );
    const created = await translations.create(org.creator, french());
    await expectApiError(translations.update(org.creator, created.id, {}), 400);
    await expectApiError(
      translations.update(org.creator, created.id, { instructions: 'formal' }),
      400,
    );
    await translations.remove(org.creator, created.id);
  });

  it('refuses a source space the caller may not read', async () => {
    const otherOrg = await createStaffedOrganization(server);
    const elsewhere = await createSpaceWithContent(otherOrg, 'Elsewhere', [
      { operation: 'insert_page', title: 'Away', document: { markdown: 'Away.' } },
    ]);
    await expectApiError(
      translations.create(org.creator, {
        ...french(),
        source: { space: elsewhere, language: 'en' },
      }),
      400,
      /body\.source\.space/,
    );
  });

  it('keeps runs waiting while no engine is configured', async () => {
    const created = await translations.create(org.creator, french());
    await server.jobs.runDue();
    const read = await translations.get(org.creator, created.id);
    expect(read).toMatchObject({ status: 'pending', stats: { runs: 0 } });
    expect(read.result).toBeUndefined();
    await translations.remove(org.creator, created.id);
  });
});

describe.each(['libretranslate', 'deepl', 'openai'] as const)('a translation run on %s', (kind) => {
  let server: TestServer;
  let org: StaffedOrganization;
  let engine: FakeEngine;
  let spaceId: string;
  let translations: ReturnType<typeof translationsOf>;

  beforeAll(async () => {
    engine = await startFakeEngine(kind);
    server = await startTestServer({ translationEngine: engine.config });
    org = await createStaffedOrganization(server);
    spaceId = await createSpaceWithContent(org, 'Guide', [
      {
        operation: 'insert_page',
        ref: 'intro',
        title: 'Intro',
        document: { markdown: introMarkdown },
      },
      {
        operation: 'insert_page',
        into: 'intro',
        title: 'Setup',
        document: { markdown: 'Install the tool.' },
      },
      {
        operation: 'insert_page',
        ref: 'usage',
        title: 'Usage',
        document: { markdown: 'Run the tool daily.' },
        metaLinks: { canonical: { kind: 'page', page: 'intro' } },
      },
      {
        operation: 'update_page',
        page: 'intro',
        metaLinks: {
          canonical: { kind: 'url', url: 'https://example.org/intro' },
          alternates: [{ kind: 'page', page: 'usage' }],
        },
      },
    ]);
    translations = translationsOf(server, org);
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
  });

  const pageMarkdown = async (space: string, path: string) => {
    const page = await org.admin.client.GET('/spaces/{spaceId}/content/path/{pagePath}', {
      params: { path: { spaceId: space, pagePath: path }, query: { format: 'markdown' } },
    });
    return { title: page.title, markdown: 'markdown' in page ? String(page.markdown) : '' };
  };

  it('translates every text leaf and leaves code, math and URLs as written', async () => {
    const created = await translations.create(org.creator, {
      source: { space: spaceId, language: 'en' },
      language: 'fr',
      instructions: instructions('Keep product names in English.'),
    });
    await server.jobs.runDue();
    const done = await translations.get(org.creator, created.id);
    expect(done).toMatchObject({
      status: 'completed',
      stats: { runs: 1, totalPages: 3, latestPages: 3 },
    });
    expect(done.stats.latestWords).toBeGreaterThan(10);
    const resultSpace = done.result?.space ?? '';
    expect(done.result).toMatchObject({ language: 'fr' });
    const space = await org.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: resultSpace } },
    });
    expect(space).toMatchObject({ title: 'Guide (fr)', organization: org.organizationId });

    const intro = await pageMarkdown(resultSpace, 'intro');
    expect(intro.title).toBe('INTRO');
    expect(intro.markdown).toContain(
      'HELLO **BIG** WORLD, SEE https://example.com/path AND `inline code`.',
    );
    expect(intro.markdown).toContain('```js\nconst greeting = 1;\n```');
    expect(intro.markdown).toContain('$$\na+b\n$$');
    expect(intro.markdown).toContain('INLINE $$x^2$$ HERE.');
    expect((await pageMarkdown(resultSpace, 'intro/setup')).markdown).toContain(
      'INSTALL THE TOOL.',
    );
    expect((await pageMarkdown(resultSpace, 'usage')).title).toBe('USAGE');
    // Meta links to source pages point at their translations; one to a page the result does
    // not have yet (the run inserts pages in order) waits for a later run.
    const { pages: resultPages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId: resultSpace } },
    });
    const resultIdOf = (slug: string) =>
      resultPages.find((page) => 'slug' in page && page.slug === slug)?.id ?? '';
    const metaLinksOf = (slug: string) =>
      org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}/meta-links', {
        params: { path: { spaceId: resultSpace, pageId: resultIdOf(slug) } },
      });
    expect(await metaLinksOf('intro')).toEqual({
      canonical: { kind: 'url', url: 'https://example.org/intro' },
    });
    expect(await metaLinksOf('usage')).toEqual({
      canonical: { kind: 'page', page: resultIdOf('intro') },
    });

    const [first] = engine.requests;
    expect(first?.method).toBe('POST');
    if (kind === 'libretranslate') {
      expect(first?.url).toBe('/translate');
      expect(first?.body).toMatchObject({
        source: 'en',
        target: 'fr',
        format: 'text',
        api_key: 'engine-secret-key',
      });
      expect(first?.body.q).toContain('Hello');
    } else if (kind === 'deepl') {
      expect(first?.url).toBe('/v2/translate');
      expect(first?.headers.authorization).toBe('DeepL-Auth-Key engine-secret-key');
      expect(first?.body).toMatchObject({ source_lang: 'EN', target_lang: 'FR' });
      expect(first?.body.text).toContain('Hello');
    } else {
      expect(first?.url).toBe('/v1/chat/completions');
      expect(first?.headers.authorization).toBe('Bearer engine-secret-key');
      expect(first?.body).toMatchObject({ model: 'local-model' });
      const [system, user] = (first?.body.messages ?? []) as { role: string; content: string }[];
      expect(system?.content).toContain('Keep product names in English.');
      expect(JSON.parse(user?.content ?? '[]')).toContain('Hello');
    }
    // Code, math and URLs never reach the engine.
    const sent = JSON.stringify(engine.requests.map((request) => request.body));
    expect(sent).not.toContain('const greeting');
    expect(sent).not.toContain('example.com');
    expect(sent).not.toContain('inline code');

    const log = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { target: created.id } },
    });
    expect(log.items.map((event) => event.action)).toContain('translation.completed');
    expect(JSON.stringify(log.items)).not.toContain('engine-secret-key');
    expect(JSON.stringify(done)).not.toContain('engine-secret-key');
  });

  it('translates again only the pages whose source changed, and removes those removed', async () => {
    const [translation] = (await translations.list(org.creator)).items;
    const id = translation?.id ?? '';
    const resultSpace = translation?.result?.space ?? '';
    const pages = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const usage = pages.pages.find((page) => page.title === 'Usage');
    const setup = pages.pages
      .flatMap((page) => page.pages ?? [])
      .find((page) => page.title === 'Setup');
    const changeRequest = await org.admin.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: {},
    });
    const at = { spaceId, changeRequestId: changeRequest.id };
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path: at },
      body: {
        changes: [
          {
            operation: 'update_page',
            page: usage?.id ?? '',
            document: { markdown: 'Run the tool weekly.' },
          },
          { operation: 'delete_page', page: setup?.id ?? '' },
        ],
      },
    });
    const before = engine.requests.length;
    // The merge moves the source's head: a run is queued with it.
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path: at },
    });
    expect((await translations.get(org.creator, id)).status).toBe('pending');
    await server.jobs.runDue();

    const done = await translations.get(org.creator, id);
    expect(done).toMatchObject({
      status: 'completed',
      stats: { runs: 2, latestPages: 1, totalPages: 2 },
    });
    expect(engine.requests.length - before).toBe(1);
    const sent = JSON.stringify(engine.requests.slice(before).map((request) => request.body));
    expect(sent).toContain('Run the tool weekly.');
    expect(sent).not.toContain('Hello');
    expect((await pageMarkdown(resultSpace, 'usage')).markdown).toContain('RUN THE TOOL WEEKLY.');
    expect((await pageMarkdown(resultSpace, 'intro')).title).toBe('INTRO');
    await expectApiError(pageMarkdown(resultSpace, 'intro/setup'), 404);

    // Nothing changed: a run asked for sends nothing to the engine.
    await translations.run(org.creator, id);
    await server.jobs.runDue();
    expect(engine.requests.length - before).toBe(1);
    expect((await translations.get(org.creator, id)).stats).toMatchObject({
      runs: 3,
      latestPages: 0,
    });
  });
});

describe('a translation run whose engine fails', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let engine: FakeEngine;
  let translations: ReturnType<typeof translationsOf>;
  let spaceId: string;

  beforeAll(async () => {
    engine = await startFakeEngine('libretranslate');
    server = await startTestServer({ translationEngine: { ...engine.config, timeoutMs: 1000 } });
    org = await createStaffedOrganization(server);
    spaceId = await createSpaceWithContent(org, 'Guide', [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.' } },
    ]);
    translations = translationsOf(server, org);
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
  });

  it('says failed, why, and records it, until a run finishes', async () => {
    engine.behave('garbage');
    const created = await translations.create(org.creator, {
      source: { space: spaceId, language: 'en' },
      language: 'de',
    });
    await server.jobs.runDue();
    expect(await translations.get(org.creator, created.id)).toMatchObject({
      status: 'failed',
      lastError: 'The engine answered something other than JSON',
    });

    // Tried again after a pause: an engine that does not answer in time fails the same way.
    engine.behave('hang');
    server.clock.advance(60_000);
    await server.jobs.runDue();
    const slow = await translations.get(org.creator, created.id);
    expect(slow.status).toBe('failed');
    expect(slow.lastError).toMatch(/took longer than 1000 ms/);

    const log = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: {
        path: { organizationId: org.organizationId },
        query: { action: 'translation.failed' },
      },
    });
    expect(log.items).toHaveLength(2);

    engine.behave('well');
    server.clock.advance(120_000);
    await server.jobs.runDue();
    const done = await translations.get(org.creator, created.id);
    expect(done.status).toBe('completed');
    expect(done.lastError).toBeUndefined();
  });
});
