import { fileURLToPath } from 'node:url';
import { fromGitBookDocument } from '@quire/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeIntegrationDocument } from '../src/domain/computed/integration-source.js';
import { DomainError } from '../src/errors.js';
import { statusOf } from '../src/http/error-handler.js';
import { expectApiError } from './support/expect-api-error.js';
import { bundleIntegrationScript } from './support/integration-bundle.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const glossaryEntry = fileURLToPath(
  new URL('./fixtures/integrations/glossary/src/index.js', import.meta.url),
);
const contentSources = [
  { id: 'glossary', title: 'Glossary', configuration: { componentId: 'glossary-config' } },
];

/** A text block of the glossary's document. */
const block = (type: string, text: string) => ({
  object: 'block',
  type,
  data: {},
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});

/** A worker written by hand that answers `body` (a function of the event and environment). */
const handWritten = (body: string) => `
export default {
  async fetch(request) {
    const form = await request.formData();
    const event = JSON.parse(form.get('event'));
    const environment = JSON.parse(form.get('environment'));
    ${body}
  },
};`;

describe('documents computed by an integration content source', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let spaceId: string;
  let otherSpaceId: string;

  const publish = (name: string, script: string, extra: Record<string, unknown> = {}) =>
    org.admin.client.POST('/integrations/{integrationName}', {
      params: { path: { integrationName: name } },
      body: {
        organization: org.organizationId,
        title: name,
        description: `The ${name} integration`,
        scopes: ['space:content:read'],
        contentSources,
        script,
        ...extra,
      },
    });
  /** Installs on the organization and, unless `onSpace` is null, on `spaceId` configured so. */
  const install = async (name: string, onSpace: Record<string, unknown> | null = {}) => {
    const installation = await org.admin.client.POST(
      '/integrations/{integrationName}/installations',
      {
        params: { path: { integrationName: name } },
        body: { organization: org.organizationId },
      },
    );
    if (onSpace !== null) {
      const at = { integrationName: name, installationId: installation.id };
      await org.admin.client.POST(
        '/integrations/{integrationName}/installations/{installationId}/spaces',
        { params: { path: at }, body: { space: spaceId } },
      );
      await org.admin.client.PATCH(
        '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
        { params: { path: { ...at, spaceId } }, body: { configuration: onSpace } },
      );
    }
    return installation.id;
  };
  const compute = (
    type: string,
    props: Record<string, unknown> = {},
    more: { spaceId?: string; dependencies?: Record<string, unknown>; seed?: string } = {},
  ) =>
    computeIntegrationDocument(server.services, {
      organizationId: org.organizationId,
      spaceId: more.spaceId ?? spaceId,
      source: { type, props, ...(more.dependencies ? { dependencies: more.dependencies } : {}) },
      seed: more.seed ?? 'seed-1',
    });
  const expectRefused = async (call: Promise<unknown>, status: number, message: RegExp) => {
    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DomainError);
    if (!(error instanceof DomainError)) return;
    expect(statusOf[error.kind], error.message).toBe(status);
    expect(error.message).toMatch(message);
  };

  beforeAll(async () => {
    server = await startTestServer({
      // Published scripts are bundles of tens of kilobytes.
      requestBodyLimit: 1024 * 1024,
      integrationScriptLimits: { cpuMs: 1_000, memoryBytes: 32 * 1024 * 1024, wallMs: 3_000 },
    });
    org = await createStaffedOrganization(server);
    const space = (title: string) =>
      org.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: org.organizationId } },
        body: { title },
      });
    spaceId = (await space('Reference')).id;
    otherSpaceId = (await space('Elsewhere')).id;
    // A content source written against @gitbook/runtime, bundled as `gitbook publish` does.
    await publish('glossary', await bundleIntegrationScript(glossaryEntry));
    await install('glossary', { heading: 'Words we use' });
  });
  afterAll(() => server.close());

  it('runs the published script of a content source installed on the space', async () => {
    const document = await compute('integration:glossary:glossary', { terms: ['API', 'SDK'] });
    // The script answers GitBook's JSON document; it is read into the document model.
    expect(document).toEqual(
      fromGitBookDocument({
        object: 'document',
        data: {},
        nodes: [
          block('heading-1', 'Words we use'),
          block('paragraph', 'API'),
          block('paragraph', 'SDK'),
        ],
      }),
    );
  });

  it('is what getComputedDocument answers for an integration source, keyed from the seed', async () => {
    const ask = (seed: string) =>
      org.reader.client.POST('/spaces/{spaceId}/content/computed/document', {
        params: { path: { spaceId } },
        body: {
          source: { type: 'integration:glossary:glossary', props: { terms: ['API'] } },
          seed,
        },
      });
    const first = await ask('seed-a');
    expect(first.nodes.map((node) => (node as { type: string }).type)).toEqual([
      'heading-1',
      'paragraph',
    ]);
    expect(await ask('seed-a')).toEqual(first);
    expect(JSON.stringify(await ask('seed-b'))).not.toBe(JSON.stringify(first));
  });

  it("hands the script GitBook's content_compute_document event and its environment", async () => {
    await publish(
      'echo',
      handWritten(`
        const seen = { event, environment, version: new URL(request.url).pathname };
        return new Response(JSON.stringify({ document: { object: 'document', data: { seen }, nodes: [] } }), { headers: { 'content-type': 'application/json' } });`),
      { secrets: { API_KEY: 'echo-secret' } },
    );
    const installationId = await install('echo', { depth: 2 });
    const spec = await org.admin.client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
      params: { path: { organizationId: org.organizationId, specSlug: 'petstore' } },
      body: {
        source: { text: '{"openapi":"3.0.0","info":{"title":"Pets","version":"1"},"paths":{}}' },
      },
    });
    const space = await org.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: otherSpaceId } },
    });
    const document = await compute(
      'integration:echo:glossary',
      { page: 'intro', tags: ['a'] },
      {
        seed: 'the-seed',
        dependencies: {
          other: { ref: { kind: 'space', space: otherSpaceId } },
          missing: { ref: { kind: 'space', space: 'no-such-space' } },
          api: { ref: { kind: 'openapi', spec: 'petstore' } },
          given: { ref: { kind: 'space', space: 'x' }, value: null },
        },
      },
    );
    const seen = JSON.parse(JSON.stringify((document.data as Record<string, unknown>).seen));
    expect(seen.version).toBe('/v1');
    expect(seen.event).toEqual({
      eventId: expect.any(String),
      type: 'content_compute_document',
      installationId,
      spaceId,
      sourceId: 'glossary',
      props: { page: 'intro', tags: ['a'] },
      dependencies: {
        other: {
          ref: { kind: 'space', space: otherSpaceId },
          value: { object: 'space', id: otherSpaceId, revision: space.revision },
        },
        missing: { ref: { kind: 'space', space: 'no-such-space' }, value: null },
        api: {
          ref: { kind: 'openapi', spec: 'petstore' },
          value: expect.objectContaining({ object: 'openapi-spec', id: spec.id, slug: 'petstore' }),
        },
        given: { ref: { kind: 'space', space: 'x' }, value: null },
      },
      seed: 'the-seed',
    });
    expect(seen.environment).toMatchObject({
      apiEndpoint: 'http://quire.test',
      integration: { name: 'echo', version: 1 },
      installation: { id: installationId, integration: 'echo', configuration: {} },
      spaceInstallation: {
        space: spaceId,
        installation: installationId,
        configuration: { depth: 2 },
      },
      secrets: { API_KEY: 'echo-secret' },
    });
  });

  it('reaches every space of an organization installation for all spaces', async () => {
    await publish(
      'everywhere',
      handWritten(`return Response.json({ document: { object: 'document', nodes: [] } });`),
    );
    const installationId = await install('everywhere', null);
    const source = 'integration:everywhere:glossary';
    await expectRefused(compute(source), 400, /everywhere is not installed on space/);
    await org.admin.client.PATCH('/integrations/{integrationName}/installations/{installationId}', {
      params: { path: { integrationName: 'everywhere', installationId } },
      body: { space_selection: 'all' },
    });
    expect(await compute(source, {}, { spaceId: otherSpaceId })).toEqual({
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [],
    });
  });

  it('refuses a source that names no installed integration or no declared content source', async () => {
    await expectRefused(
      compute('glossary'),
      400,
      /integration:<integrationName>:<contentSourceId>/,
    );
    await expectRefused(compute('integration:glossary:a:b'), 400, /integration:<integrationName>/);
    await expectRefused(
      compute('integration:no-such:glossary'),
      400,
      /no-such is not installed on space/,
    );
    await expectRefused(
      compute('integration:glossary:glossary', {}, { spaceId: otherSpaceId }),
      400,
      /glossary is not installed on space/,
    );
    await expectRefused(
      compute('integration:glossary:terms'),
      400,
      /Integration glossary has no content source terms/,
    );
    // Another organization cannot even install it (the integration is not its to see), so there
    // it names no installed integration.
    const other = await server.createUser();
    const otherOrg = await server.createOrganization(other);
    await expectApiError(
      other.client.POST('/integrations/{integrationName}/installations', {
        params: { path: { integrationName: 'glossary' } },
        body: { organization: otherOrg },
      }),
      404,
    );
    await expectRefused(
      computeIntegrationDocument(server.services, {
        organizationId: otherOrg,
        spaceId,
        source: { type: 'integration:glossary:glossary', props: {} },
      }),
      400,
      /not installed on space/,
    );
    await expectRefused(
      compute(
        'integration:glossary:glossary',
        {},
        {
          dependencies: { bad: { ref: { kind: 'nothing' } } },
        },
      ),
      400,
      /source\.dependencies\.bad\.ref/,
    );
  });

  it('answers 502 for a script that fails, is stopped or answers no document', async () => {
    const cases: [string, string, RegExp][] = [
      ['throws', `throw new Error('the upstream is down');`, /Error: the upstream is down/],
      ['loops', 'for (;;) {}', /more than 1000 ms of CPU time/],
      [
        'waits',
        'await new Promise(() => setTimeout(() => {}, 60000));',
        /did not answer within 3000 ms/,
      ],
      ['text', `return new Response('not json');`, /did not answer a JSON object with a document/],
      [
        'errs',
        `return Response.json({ error: 'Content source glossary not found' }, { status: 404 });`,
        /answered 404: Content source glossary not found/,
      ],
      [
        'block-less',
        `return Response.json({ document: { object: 'document', nodes: [{ object: 'leaf' }] } });`,
        /document\.nodes\[0\] must be an object whose object is block/,
      ],
      [
        'not-document',
        `return Response.json({ document: { object: 'page', nodes: [] } });`,
        /its answer is not a document: document\/object/,
      ],
      [
        'leafless',
        `return Response.json({ document: { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf' }] }] }] } });`,
        /leaves\[0\] must be a leaf with a text/,
      ],
      [
        'deep',
        `let node = { object: 'text', leaves: [{ object: 'leaf', text: 'x' }] };
        for (let level = 0; level < 5000; level += 1) node = { object: 'block', type: 'blockquote', nodes: [node] };
        return Response.json({ document: { object: 'document', nodes: [node] } });`,
        /its answer is not a document: its nodes nest deeper than 64 levels/,
      ],
    ];
    for (const [name, body, message] of cases) {
      await publish(name, handWritten(body));
      await install(name);
      await expectRefused(compute(`integration:${name}:glossary`), 502, message);
    }
  });
});
