import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { components } from '@quire/contract';
import { documentToMarkdown, fromGitBookDocument } from '@quire/document';
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

type Source = components['schemas']['ComputedContentSourceDocument'];
type JsonNode = {
  object?: string;
  type?: string;
  key?: string;
  data?: unknown;
  nodes?: JsonNode[];
};

const fixturesDir = join(import.meta.dirname, 'fixtures', 'openapi');

/** Serves the OpenAPI fixtures on a loopback socket, at `/specs/<file>`. */
async function startSpecServer(): Promise<{ url(file: string): string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const file = (request.url ?? '').replace(/^\/specs\//, '');
    readFile(join(fixturesDir, file)).then(
      (body) => response.writeHead(200, { 'Content-Type': 'application/yaml' }).end(body),
      () => response.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (file) => `http://127.0.0.1:${port}/specs/${file}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const compute = (user: TestUser, spaceId: string, body: { source: unknown; seed?: unknown }) =>
  user.client.POST('/spaces/{spaceId}/content/computed/document', {
    params: { path: { spaceId } },
    // Invalid bodies are sent on purpose: the server must refuse them.
    body: body as { source: Source; seed: string },
  });

const openApi = (spec: string, props: Record<string, unknown>) => ({
  type: 'builtin:openapi',
  props,
  dependencies: { spec: { ref: { kind: 'openapi', spec } } },
});

/** The blocks of a document without their keys, as `type` or `openapi-tag attributes`. */
function shapeOf(nodes: readonly JsonNode[] | undefined): unknown[] {
  return (nodes ?? []).map((node) => {
    if (node.type === 'openapi-operation' || node.type === 'openapi-schemas') {
      // GitBook's OpenAPI blocks, as the tags they are written with name them.
      const { ref, ...pointer } = node.data as { ref: { spec: string } } & Record<string, unknown>;
      const { schemas, ...rest } = pointer as { schemas?: string[] };
      return {
        [node.type]: {
          spec: ref.spec,
          ...(schemas === undefined ? {} : { schemas: schemas.join(',') }),
          ...rest,
        },
      };
    }
    return node.type;
  });
}

/** Every block key of a document, in document order. */
function keysOf(nodes: readonly JsonNode[] | undefined): string[] {
  return (nodes ?? []).flatMap((node) =>
    node.object === 'block' ? [node.key ?? '', ...keysOf(node.nodes)] : [],
  );
}

const textOf = (value: unknown) => JSON.stringify(value);

describe('computed documents', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let other: StaffedOrganization;
  let engine: FakeEngine;
  let specs: Awaited<ReturnType<typeof startSpecServer>>;
  let spaceId: string;
  let documentId: string;
  let translationId: string;

  const putSpec = async (owner: StaffedOrganization, slug: string, file: string) => {
    await owner.admin.client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
      params: { path: { organizationId: owner.organizationId, specSlug: slug } },
      body: { source: { url: specs.url(file) } },
    });
  };

  beforeAll(async () => {
    specs = await startSpecServer();
    engine = await startFakeEngine('libretranslate');
    server = await startTestServer({
      outboundAllowPrivate: true,
      translationEngine: engine.config,
    });
    org = await createStaffedOrganization(server);
    other = await createStaffedOrganization(server);
    await putSpec(org, 'bookstore', 'bookstore-tags.yaml');
    await putSpec(other, 'elsewhere', 'petstore-3.0.yaml');
    spaceId = await createSpaceWithContent(org, 'Guide', [
      {
        operation: 'insert_page',
        title: 'Intro',
        document: { markdown: 'Hello **big** world.\n\n```js\nconst kept = 1;\n```\n' },
      },
    ]);
    const pages = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const [intro] = pages.pages;
    documentId = intro !== undefined && 'documentId' in intro ? String(intro.documentId) : '';
    const translation = await org.creator.client.POST('/orgs/{organizationId}/translations', {
      params: { path: { organizationId: org.organizationId } },
      body: { source: { space: spaceId, language: 'en' }, language: 'fr' },
    });
    translationId = translation.id;
    // Processes the specs; the translation's run writes its result space, which is not read here.
    await server.jobs.runDue();
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
    await specs.close();
  });

  it("makes a tag's page: its description, then a block for each of its operations", async () => {
    const document = await compute(org.reader, spaceId, {
      source: openApi('bookstore', { doc: 'operations', page: 'books' }),
      seed: 'books-page',
    });
    expect(document).toMatchObject({ object: 'document', data: { schemaVersion: 1 } });
    const spec = 'bookstore';
    expect(shapeOf(document.nodes as JsonNode[])).toEqual([
      'paragraph',
      { 'openapi-operation': { spec, path: '/books', method: 'get' } },
      { 'openapi-operation': { spec, path: '/books', method: 'post' } },
      { 'openapi-operation': { spec, path: '/books/{bookId}', method: 'get' } },
      { 'openapi-operation': { spec, path: '/books/{bookId}', method: 'delete' } },
    ]);
    expect(textOf(document.nodes[0])).toContain('Everything about ');
    expect(textOf(document.nodes[0])).toContain('"italic"');
    // Blocks of Quire's document model: the page reads as GitBook Markdown.
    expect(documentToMarkdown(fromGitBookDocument(document))).toContain(
      '{% openapi-operation spec="bookstore" path="/books" method="get" %}\n{% endopenapi-operation %}',
    );
    const keys = keysOf(document.nodes as JsonNode[]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => /^[0-9a-f]{12}$/.test(key))).toBe(true);

    // A tag only an operation names has operations and no description.
    const authors = await compute(org.reader, spaceId, {
      source: openApi('bookstore', { doc: 'operations', page: 'authors' }),
      seed: 'authors',
    });
    expect(shapeOf(authors.nodes as JsonNode[])).toEqual([
      { 'openapi-operation': { spec, path: '/authors', method: 'get' } },
    ]);
  });

  it('makes the page of a tag alone, of one operation, of the info and of the models', async () => {
    const tag = await compute(org.reader, spaceId, {
      source: openApi('bookstore', { doc: 'tag', page: 'catalog' }),
      seed: 'catalog',
    });
    expect(shapeOf(tag.nodes as JsonNode[])).toEqual(['paragraph']);
    expect(textOf(tag.nodes)).toContain('The catalog of the store.');

    const operation = await compute(org.reader, spaceId, {
      source: openApi('bookstore', {
        doc: 'operation',
        page: '/books/{bookId}',
        method: 'delete',
        deprecated: true,
      }),
      seed: 'delete-book',
    });
    expect(shapeOf(operation.nodes as JsonNode[])).toEqual([
      {
        'openapi-operation': { spec: 'bookstore', path: '/books/{bookId}', method: 'delete' },
      },
    ]);

    const info = await compute(org.reader, spaceId, {
      source: openApi('bookstore', { doc: 'info', page: 'introduction' }),
      seed: 'info',
    });
    expect(shapeOf(info.nodes as JsonNode[])).toEqual([
      'paragraph',
      'code',
      'paragraph',
      'heading-2',
      'list-unordered',
    ]);
    expect(textOf(info.nodes)).toContain('Bookstore');
    expect(textOf(info.nodes[2])).toContain('2.1.0');
    expect(textOf(info.nodes[4])).toContain('https://api.bookstore.test/v1');

    const models = await compute(org.reader, spaceId, {
      source: openApi('bookstore', { doc: 'models' }),
      seed: 'models',
    });
    expect(shapeOf(models.nodes as JsonNode[])).toEqual([
      { 'openapi-schemas': { spec: 'bookstore', schemas: 'Author' } },
      { 'openapi-schemas': { spec: 'bookstore', schemas: 'Book' } },
    ]);
  });

  it('answers the same bytes for the same seed, and other keys for another', async () => {
    const send = (seed: string) =>
      server.fetch(
        new Request(`http://quire.test/v1/spaces/${spaceId}/content/computed/document`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${org.reader.token}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            source: openApi('bookstore', { doc: 'operations', page: 'books' }),
            seed,
          }),
        }),
      );
    const first = await (await send('seed-a')).text();
    const again = await (await send('seed-a')).text();
    const other = await (await send('seed-b')).text();
    expect(again).toBe(first);
    const firstKeys = keysOf(JSON.parse(first).nodes);
    const otherKeys = keysOf(JSON.parse(other).nodes);
    expect(otherKeys).toHaveLength(firstKeys.length);
    expect(otherKeys.filter((key) => firstKeys.includes(key))).toEqual([]);
    const withoutKeys = (text: string) => text.replace(/"key":"[0-9a-f]+"/g, '');
    expect(withoutKeys(other)).toBe(withoutKeys(first));
  });

  it('refuses a spec, tag or operation the organization does not have, and a spec not processed yet', async () => {
    await expectApiError(
      compute(org.reader, spaceId, {
        source: openApi('missing', { doc: 'models' }),
        seed: 's',
      }),
      400,
      /body\.source\.dependencies\.spec\.ref\.spec: the organization has no OpenAPI spec missing/,
    );
    // Another organization's spec is as unknown as a missing one.
    await expectApiError(
      compute(org.reader, spaceId, { source: openApi('elsewhere', { doc: 'models' }), seed: 's' }),
      400,
      /has no OpenAPI spec elsewhere/,
    );
    await expectApiError(
      compute(org.reader, spaceId, {
        source: openApi('bookstore', { doc: 'operations', page: 'nope' }),
        seed: 's',
      }),
      400,
      /body\.source\.props\.page: OpenAPI spec bookstore has no tag nope/,
    );
    await expectApiError(
      compute(org.reader, spaceId, {
        source: openApi('bookstore', { doc: 'operation', page: '/books', method: 'patch' }),
        seed: 's',
      }),
      400,
      /has no operation PATCH \/books/,
    );
    await expectApiError(
      compute(org.reader, spaceId, {
        source: openApi('bookstore', { doc: 'operation', page: 'newBook', method: 'hook' }),
        seed: 's',
      }),
      400,
      /webhooks/,
    );
    // Queued, not processed: no version yet.
    await putSpec(org, 'pending', 'petstore-3.0.yaml');
    await expectApiError(
      compute(org.reader, spaceId, { source: openApi('pending', { doc: 'models' }), seed: 's' }),
      409,
      /OpenAPI spec pending has no version yet/,
    );
  });

  it('translates a document of the translation’s source space with the engine', async () => {
    const before = engine.requests.length;
    const source = {
      type: 'builtin:translation',
      props: { space: spaceId, document: documentId },
      dependencies: { translation: { ref: { kind: 'translation', translation: translationId } } },
    };
    const document = await compute(org.reader, spaceId, { source, seed: 'fr-intro' });
    const text = textOf(document.nodes);
    expect(text).toContain('HELLO ');
    expect(text).toContain('"BIG"');
    expect(text).toContain('const kept = 1;');
    expect(engine.requests.length - before).toBe(1);
    expect(engine.requests.at(-1)?.body).toMatchObject({ source: 'en', target: 'fr' });
    const again = await compute(org.reader, spaceId, { source, seed: 'fr-intro' });
    expect(textOf(again)).toBe(textOf(document));
    // GitBook's resolved form of the dependency is accepted; its value is not read.
    const resolved = {
      ...source,
      dependencies: {
        translation: {
          ref: source.dependencies.translation.ref,
          value: { space: 'x', revision: 'y', language: 'de' },
        },
      },
    };
    expect(textOf(await compute(org.reader, spaceId, { source: resolved, seed: 'fr-intro' }))).toBe(
      textOf(document),
    );
  });

  it('refuses a translation, space or document it cannot translate', async () => {
    const translationOf = (props: { space: string; document: string }, translation: string) => ({
      type: 'builtin:translation',
      props,
      dependencies: { translation: { ref: { kind: 'translation', translation } } },
    });
    const props = () => ({ space: spaceId, document: documentId });
    await expectApiError(
      compute(org.reader, spaceId, { source: translationOf(props(), 'missing'), seed: 's' }),
      400,
      /body\.source\.dependencies\.translation\.ref\.translation: the organization has no translation missing/,
    );
    // Another organization's space is not one the translation may read from.
    const page = {
      operation: 'insert_page' as const,
      title: 'Page',
      document: { markdown: 'Text.' },
    };
    const otherSpace = await createSpaceWithContent(other, 'Other', [page]);
    await expectApiError(
      compute(org.admin, spaceId, {
        source: translationOf({ space: otherSpace, document: documentId }, translationId),
        seed: 's',
      }),
      400,
      /body\.source\.props\.space: no space .* you may read in this organization/,
    );
    const secondSpace = await createSpaceWithContent(org, 'Second', [page]);
    await expectApiError(
      compute(org.admin, spaceId, {
        source: translationOf({ space: secondSpace, document: documentId }, translationId),
        seed: 's',
      }),
      400,
      /does not translate space/,
    );
    await expectApiError(
      compute(org.admin, spaceId, {
        source: translationOf({ space: spaceId, document: 'not-a-document' }, translationId),
        seed: 's',
      }),
      400,
      /body\.source\.props\.document: no page of space .* has the document not-a-document/,
    );
    // The space the document is computed for belongs to the other organization: so must the
    // translation.
    await expectApiError(
      compute(other.admin, otherSpace, {
        source: translationOf(props(), translationId),
        seed: 's',
      }),
      400,
      /has no translation/,
    );
  });

  it('needs read access to the space', async () => {
    const source = openApi('bookstore', { doc: 'models' });
    await expectApiError(compute(org.outsider, spaceId, { source, seed: 's' }), 404);
    await expectApiError(compute(org.reader, 'missing-space', { source, seed: 's' }), 404);
    await expectApiError(
      server.clientWith().POST('/spaces/{spaceId}/content/computed/document', {
        params: { path: { spaceId } },
        body: { source: source as Source, seed: 's' },
      }),
      401,
    );
  });

  it('refuses malformed sources with a 400 naming what is wrong', async () => {
    await expectApiError(
      compute(org.reader, spaceId, { source: openApi('bookstore', { doc: 'models' }) }),
      400,
      /body\.seed is required/,
    );
    await expectApiError(
      compute(org.reader, spaceId, { source: { type: 'builtin:nothing', props: {} }, seed: 's' }),
      400,
      'body.source.type must be one of: builtin:openapi, builtin:translation, a value matching ^integration:[^:]+:[^:]+$',
    );
    // The branch the source's type names is the one whose error is told.
    await expectApiError(
      compute(org.reader, spaceId, {
        source: openApi('bookstore', { doc: 'operation', page: '/books' }),
        seed: 's',
      }),
      400,
      'body.source.props.method is required',
    );
    await expectApiError(
      compute(org.reader, spaceId, {
        source: openApi('bookstore', { doc: 'chapter', page: 'x' }),
        seed: 's',
      }),
      400,
      'body.source.props.doc must be one of: models, operations, info, operation, tag',
    );
    await expectApiError(
      compute(org.reader, spaceId, {
        source: {
          type: 'builtin:translation',
          props: { space: spaceId },
          dependencies: { translation: { ref: { kind: 'translation', translation: 't' } } },
        },
        seed: 's',
      }),
      400,
      'body.source.props.document is required',
    );
    await expectApiError(
      compute(org.reader, spaceId, { source: { type: 'integration:github:files' }, seed: 's' }),
      400,
      'body.source.props is required',
    );
    await expectApiError(
      compute(org.reader, spaceId, {
        source: { type: 'integration:github:files', props: { repository: 'a/b' } },
        seed: 's',
      }),
      400,
      /github/,
    );
  });
});

describe('translated documents without a working engine', () => {
  let broken: TestServer;
  let none: TestServer;

  /** A space with one page and a translation of it, on `server`: the source to compute. */
  const translatable = async (server: TestServer) => {
    const org = await createStaffedOrganization(server);
    const spaceId = await createSpaceWithContent(org, 'Guide', [
      { operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.' } },
    ]);
    const pages = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const [intro] = pages.pages;
    const translation = await org.admin.client.POST('/orgs/{organizationId}/translations', {
      params: { path: { organizationId: org.organizationId } },
      body: { source: { space: spaceId, language: 'en' }, language: 'de' },
    });
    const source = {
      type: 'builtin:translation',
      props: {
        space: spaceId,
        document: intro !== undefined && 'documentId' in intro ? String(intro.documentId) : '',
      },
      dependencies: { translation: { ref: { kind: 'translation', translation: translation.id } } },
    };
    return { org, spaceId, source };
  };

  beforeAll(async () => {
    // Nothing answers on port 9 of loopback: the engine can't be reached.
    broken = await startTestServer({
      translationEngine: {
        kind: 'libretranslate',
        url: 'http://127.0.0.1:9',
        apiKey: undefined,
        model: undefined,
      },
    });
    none = await startTestServer();
  });
  afterAll(async () => {
    await broken.close();
    await none.close();
  });

  it('answers 409 without an engine configured, and 502 when the engine fails', async () => {
    const unconfigured = await translatable(none);
    await expectApiError(
      compute(unconfigured.org.reader, unconfigured.spaceId, {
        source: unconfigured.source,
        seed: 's',
      }),
      409,
      /No translation engine is configured/,
    );
    const failing = await translatable(broken);
    await expectApiError(
      compute(failing.org.reader, failing.spaceId, { source: failing.source, seed: 's' }),
      502,
      /The translation engine could not translate/,
    );
  });
});
