import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../src/jobs/job-handlers.js';
import { createJobRunner } from '../src/jobs/job-runner.js';
import { claimDueJobs, enqueueJob } from '../src/store/jobs.js';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const fixturesDir = join(import.meta.dirname, 'fixtures', 'openapi');
const run = promisify(execFile);
/** GitBook's CLI, run as its users run it (its bin script, on Node). */
const gitbookCli = createRequire(import.meta.url).resolve('@gitbook/cli/cli.js');
const fixture = (name: string) => readFile(join(fixturesDir, name), 'utf8');

/**
 * Serves the fixture specs on a loopback socket: `/specs/<file>` from the fixtures folder, or
 * what a test set with `override`; `/slow/…` answers only when the server closes.
 */
class SpecServer {
  readonly overrides = new Map<string, string>();
  private server: Server | undefined;
  private readonly waiting = new Set<() => void>();
  private closed = false;
  origin = '';

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const path = request.url ?? '/';
      if (path.startsWith('/slow/')) {
        // A retry may still reach a closing server on a kept-alive connection: it must not wait.
        if (this.closed) response.destroy();
        else this.waiting.add(() => response.destroy());
        return;
      }
      const overridden = this.overrides.get(path);
      if (overridden !== undefined) {
        response.writeHead(200, { 'Content-Type': 'application/yaml' }).end(overridden);
        return;
      }
      if (!path.startsWith('/specs/') || path.includes('..')) {
        response.writeHead(404).end('not found');
        return;
      }
      readFile(join(fixturesDir, path.slice('/specs/'.length))).then(
        (body) => response.writeHead(200, { 'Content-Type': 'application/yaml' }).end(body),
        () => response.writeHead(404).end('not found'),
      );
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  close(): Promise<void> {
    this.closed = true;
    for (const release of this.waiting) release();
    const closing = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server?.closeAllConnections();
    return closing;
  }
}

describe('OpenAPI specs', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  const sources = new SpecServer();

  const at = (specSlug: string) => ({ organizationId: org.organizationId, specSlug });
  const specs = (client = org.creator.client) => ({
    list: (query: { page?: string; limit?: number } = {}) =>
      client.GET('/orgs/{organizationId}/openapi', {
        params: { path: { organizationId: org.organizationId }, query },
      }),
    create: (body: Record<string, unknown>) =>
      client.POST('/orgs/{organizationId}/openapi', {
        params: { path: { organizationId: org.organizationId } },
        // Invalid bodies are sent on purpose: the server must refuse them.
        body: body as never,
      }),
    get: (slug: string) =>
      client.GET('/orgs/{organizationId}/openapi/{specSlug}', { params: { path: at(slug) } }),
    put: (slug: string, source: Record<string, unknown>) =>
      client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
        params: { path: at(slug) },
        body: { source: source as never },
      }),
    patch: (slug: string, visibility: string) =>
      client.PATCH('/orgs/{organizationId}/openapi/{specSlug}', {
        params: { path: at(slug) },
        body: { visibility: visibility as never },
      }),
    remove: (slug: string) =>
      client.DELETE('/orgs/{organizationId}/openapi/{specSlug}', { params: { path: at(slug) } }),
    versions: (slug: string, query: { page?: string; limit?: number } = {}) =>
      client.GET('/orgs/{organizationId}/openapi/{specSlug}/versions', {
        params: { path: at(slug), query },
      }),
    latest: (slug: string) =>
      client.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/latest', {
        params: { path: at(slug) },
      }),
    latestContent: (slug: string) =>
      client.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content', {
        params: { path: at(slug) },
      }),
    version: (slug: string, versionId: string) =>
      client.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}', {
        params: { path: { ...at(slug), versionId } },
      }),
    content: (slug: string, versionId: string) =>
      client.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content', {
        params: { path: { ...at(slug), versionId } },
      }),
    changes: (slug: string, versionId: string) =>
      client.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/changes', {
        params: { path: { ...at(slug), versionId } },
      }),
  });

  /** Creates a spec from a URL or text and runs its processing; answers the spec after. */
  const processed = async (slug: string, source: Record<string, unknown>) => {
    await specs().put(slug, source);
    await server.jobs.runDue();
    return specs().get(slug);
  };

  beforeAll(async () => {
    // The slow source never answers: the timeout only needs room for the fixtures, on a busy machine too.
    server = await startTestServer({ outboundAllowPrivate: true, openApiFetchTimeoutMs: 3000 });
    org = await createStaffedOrganization(server);
    await sources.start();
  });
  afterAll(async () => {
    await sources.close();
    await server.close();
  });

  it('creates a spec pending, processes it into a first version, and reads it', async () => {
    const created = await specs().create({
      slug: 'petstore',
      source: { url: sources.url('/specs/petstore-3.0.yaml') },
    });
    expect(created).toMatchObject({
      object: 'openapi-spec',
      slug: 'petstore',
      sourceURL: sources.url('/specs/petstore-3.0.yaml'),
      processingState: 'pending',
      visibility: 'private',
      lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
      urls: { location: `http://quire.test/v1/orgs/${org.organizationId}/openapi/petstore` },
    });
    expect(created.lastVersion).toBeUndefined();
    expect(await server.jobs.runDue()).toBe(1);

    const spec = await specs().get('petstore');
    expect(spec).toMatchObject({
      processingState: 'complete',
      lastProcessedAt: expect.any(String),
    });
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const latest = await specs().latest('petstore');
    expect(latest).toMatchObject({
      object: 'openapi-spec-version',
      id: spec.lastVersion,
      url: sources.url('/specs/petstore-3.0.yaml'),
    });
    expect(await specs().version('petstore', latest.id)).toEqual(latest);
    const content = await specs().latestContent('petstore');
    expect(content.filesystem).toEqual([
      {
        filename: 'petstore-3.0.yaml',
        dir: '.',
        isEntrypoint: true,
        references: [],
        specification: expect.objectContaining({ openapi: '3.0.3' }),
      },
    ]);
    expect(content.urls).toEqual({ source: latest.url, public: null });
    expect(await specs().content('petstore', latest.id)).toEqual(content);

    const changes = await specs().changes('petstore', latest.id);
    expect(changes.previousVersion).toBeUndefined();
    expect(changes.breaking).toBe(false);
    expect(changes.added.map((item) => `${item.method} ${item.path}`).sort()).toEqual([
      'delete /pets/{petId}',
      'get /pets',
      'get /pets/{petId}',
      'post /pets',
    ]);

    const list = await specs(org.reader.client).list();
    expect(list.items.map((item) => item.slug)).toContain('petstore');
    expect((await specs().versions('petstore')).items).toEqual([latest]);
  });

  it('processes OpenAPI 3.1, Swagger 2.0 and text sources', async () => {
    for (const [slug, file] of [
      ['three-one', 'petstore-3.1.json'],
      ['swagger', 'petstore-swagger-2.0.yaml'],
    ] as const) {
      const spec = await processed(slug, { url: sources.url(`/specs/${file}`) });
      expect(spec.lastProcessErrorCode, JSON.stringify(spec.lastProcessedErrors)).toBeUndefined();
      expect(spec.lastVersion).toEqual(expect.any(String));
    }
    const text = await processed('from-text', { text: await fixture('petstore-3.0.yaml') });
    expect(text.sourceURL).toBeUndefined();
    expect(text.lastProcessErrorCode).toBeUndefined();
    const latest = await specs().latest('from-text');
    expect(latest.url).toBe(
      `http://quire.test/v1/orgs/${org.organizationId}/openapi/from-text/versions/${latest.id}/content`,
    );
    const content = await specs().latestContent('from-text');
    expect(content.filesystem.map((file) => file.filename)).toEqual(['openapi.yaml']);
  });

  it('follows relative $refs to other files of the same origin', async () => {
    const spec = await processed('multi', { url: sources.url('/specs/multi/api.yaml') });
    expect(spec.lastProcessErrorCode, JSON.stringify(spec.lastProcessedErrors)).toBeUndefined();
    const content = await specs().latestContent('multi');
    expect(
      content.filesystem.map(({ filename, dir, isEntrypoint }) => ({
        filename,
        dir,
        isEntrypoint,
      })),
    ).toEqual([
      { filename: 'api.yaml', dir: '.', isEntrypoint: true },
      { filename: 'parameters.yaml', dir: '.', isEntrypoint: false },
      { filename: 'paths/pets.yaml', dir: 'paths', isEntrypoint: false },
      { filename: 'schemas/owner.yaml', dir: 'schemas', isEntrypoint: false },
      { filename: 'schemas/pet.yaml', dir: 'schemas', isEntrypoint: false },
    ]);
    expect(content.filesystem[0]?.references).toEqual(
      expect.arrayContaining(['./paths/pets.yaml', 'schemas/pet.yaml']),
    );
    expect(content.url).toBe(sources.url('/specs/multi/api.yaml'));
  });

  it('ends a failed processing complete with its error code, keeping the last version', async () => {
    const cases = [
      ['gone', { url: sources.url('/specs/missing.yaml') }, 'FETCH_ERROR'],
      ['unreachable', { url: 'http://127.0.0.1:1/spec.yaml' }, 'FETCH_ERROR'],
      ['groceries', { url: sources.url('/specs/not-openapi.yaml') }, 'PARSE_ERROR'],
      ['html', { url: sources.url('/specs/not-yaml.txt') }, 'PARSE_ERROR'],
      ['broken', { url: sources.url('/specs/invalid-3.0.yaml') }, 'PARSE_ERROR'],
      ['slow', { url: sources.url('/slow/spec.yaml') }, 'FETCH_TIMEOUT'],
      [
        'text-ref',
        {
          text: 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: "./a.yaml"\n',
        },
        'PARSE_ERROR',
      ],
    ] as const;
    for (const [slug, source, code] of cases) {
      const spec = await processed(slug, source);
      expect(spec, slug).toMatchObject({ processingState: 'complete', lastProcessErrorCode: code });
      expect(spec.lastProcessedErrors?.length, slug).toBeGreaterThan(0);
      expect(spec.lastVersion, slug).toBeUndefined();
      await expectApiError(specs().latest(slug), 404);
    }
    const broken = await specs().get('broken');
    expect(broken.lastProcessedErrors?.[0]?.code).toBe('struct');

    // A failure after a success keeps the version it had.
    const before = await specs().get('petstore');
    const failed = await processed('petstore', { url: sources.url('/specs/missing.yaml') });
    expect(failed.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(failed.lastVersion).toBe(before.lastVersion);
    const again = await processed('petstore', { url: sources.url('/specs/petstore-3.0.yaml') });
    expect(again.lastProcessErrorCode).toBeUndefined();
    expect(again.lastVersion).toBe(before.lastVersion);
  });

  it('makes a new version only when the content changed, with what it changed', async () => {
    sources.overrides.set('/moving/api.yaml', await fixture('petstore-3.0.yaml'));
    const url = sources.url('/moving/api.yaml');
    const first = await processed('moving', { url });
    // The same source again: processed again, no new version.
    const same = await processed('moving', { url });
    expect(same.lastVersion).toBe(first.lastVersion);
    expect((await specs().versions('moving')).count).toBe(1);

    sources.overrides.set('/moving/api.yaml', await fixture('petstore-3.0-breaking.yaml'));
    const moved = await processed('moving', { url });
    expect(moved.lastVersion).not.toBe(first.lastVersion);
    const versions = await specs().versions('moving');
    expect(versions.items.map((item) => item.id)).toEqual([moved.lastVersion, first.lastVersion]);
    const page = await specs().versions('moving', { limit: 1 });
    expect(page.items.map((item) => item.id)).toEqual([moved.lastVersion]);
    const next = await specs().versions('moving', { limit: 1, page: page.next?.page ?? '' });
    expect(next.items.map((item) => item.id)).toEqual([first.lastVersion]);

    const changes = await specs().changes('moving', moved.lastVersion ?? '');
    expect(changes).toMatchObject({
      object: 'openapi-spec-version-changes',
      version: moved.lastVersion,
      previousVersion: first.lastVersion,
      breaking: true,
    });
    expect(changes.added).toEqual([
      {
        method: 'put',
        path: '/pets/{id}',
        operationId: 'replacePet',
        breaking: false,
        changes: [{ kind: 'operation-added', breaking: false, message: 'operation added' }],
      },
    ]);
    expect(changes.removed).toMatchObject([
      { method: 'delete', path: '/pets/{petId}', breaking: true },
    ]);
    const byPath = new Map(changes.changed.map((item) => [`${item.method} ${item.path}`, item]));
    expect(byPath.get('get /pets')).toMatchObject({
      breaking: true,
      changes: [
        { kind: 'required-parameter-added', breaking: true },
        { kind: 'response-status-removed', breaking: true, message: 'response 400 removed' },
      ],
    });
    // A renamed path parameter and a new summary: changed, not breaking.
    expect(byPath.get('get /pets/{id}')).toMatchObject({
      breaking: false,
      changes: [{ kind: 'operation-changed', breaking: false }],
    });
    expect(byPath.has('post /pets')).toBe(false);

    const events = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: {
        path: { organizationId: org.organizationId },
        query: { action: 'openapi_spec.version_created', limit: 100 },
      },
    });
    expect(events.items.some((event) => event.source === 'workflow')).toBe(true);
  });

  it('completes a processing interrupted by a restart exactly once, however many processes run jobs', async () => {
    await specs().create({
      slug: 'interrupted',
      source: { text: await fixture('petstore-3.0.yaml') },
    });
    // A process claims the job and dies before finishing: its lease runs out.
    const [claimed] = await claimDueJobs(server.services.db, server.services.dialect, {
      now: server.clock.now(),
      leaseMs: new Map(),
      defaultLeaseMs: 60_000,
      limit: 10,
    });
    expect(claimed?.kind).toBe('openapi.process');
    expect(await server.jobs.runDue()).toBe(0);
    server.clock.advance(61_000);
    // Two processes look for work at once; the job runs once, and makes one version.
    const another = createJobRunner({
      db: server.services.db,
      dialect: server.services.dialect,
      clock: server.clock,
      logger: server.services.logger,
      jobs: jobHandlers(server.services, { auditRetentionDays: 365 }),
    });
    const runs = await Promise.all([server.jobs.runDue(), another.runDue()]);
    expect(runs.reduce((sum, ran) => sum + ran, 0)).toBe(1);
    expect(await specs().get('interrupted')).toMatchObject({ processingState: 'complete' });
    expect((await specs().versions('interrupted')).items).toHaveLength(1);
    // A second run of the same job (its first run's end was never recorded) changes nothing.
    await enqueueJob(
      server.services.db,
      { kind: claimed?.kind ?? '', payload: claimed?.payload ?? {}, runAt: server.clock.now() },
      server.clock.now(),
    );
    await server.jobs.runDue();
    expect((await specs().versions('interrupted')).items).toHaveLength(1);
  });

  it('refuses references chained deeper than 64, and keeps recursive schemas', async () => {
    const withSchemas = (schemas: Record<string, unknown>) =>
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Chained', version: '1' },
        paths: {
          '/a': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
                },
              },
            },
          },
        },
        components: { schemas },
      });
    // A thousand schemas, each naming the next: 45 KB that once took seconds and megabytes.
    const chain = Object.fromEntries(
      Array.from({ length: 1000 }, (_, n) => [
        `S${n}`,
        n === 999 ? { type: 'string' } : { $ref: `#/components/schemas/S${n + 1}` },
      ]),
    );
    const chained = await processed('chained', { text: withSchemas(chain) });
    expect(chained).toMatchObject({
      processingState: 'complete',
      lastProcessErrorCode: 'PARSE_ERROR',
    });
    expect(chained.lastProcessedErrors?.[0]?.message).toMatch(
      /references nest deeper than 64 levels/,
    );
    // A tree of nodes naming themselves is recursion, not depth.
    const tree = {
      S0: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/S0' } } },
      },
    };
    const recursive = await processed('recursive', { text: withSchemas(tree) });
    expect(recursive.lastProcessErrorCode).toBeUndefined();
    expect(recursive.lastVersion).toBeDefined();
  });

  it('answers a new spec with its Location, from POST and from a PUT that creates it', async () => {
    const at = (slug: string) => ({ organizationId: org.organizationId, specSlug: slug });
    const posted = await org.creator.client.raw.POST('/orgs/{organizationId}/openapi', {
      params: { path: { organizationId: org.organizationId } },
      body: { slug: 'located', source: { text: 'openapi: 3.1.0' } },
    });
    expect(posted.response.status).toBe(201);
    expect(posted.response.headers.get('location')).toBe(posted.data?.urls.location);
    const put = () =>
      org.creator.client.raw.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
        params: { path: at('put-located') },
        body: { source: { text: 'openapi: 3.1.0' } },
      });
    const created = await put();
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get('location')).toBe(
      `http://quire.test/v1/orgs/${org.organizationId}/openapi/put-located`,
    );
    const replaced = await put();
    expect(replaced.response.status).toBe(200);
    expect(replaced.response.headers.get('location')).toBeNull();
    await server.jobs.runDue();
  });

  it('sets visibility, and deletes with 204 also when gone', async () => {
    const updated = await specs().patch('petstore', 'public');
    expect(updated.visibility).toBe('public');
    expect(updated.urls.published).toBe(sources.url('/specs/petstore-3.0.yaml'));
    expect((await specs().latestContent('petstore')).urls.public).toBe(
      sources.url('/specs/petstore-3.0.yaml'),
    );
    await specs().create({ slug: 'doomed', source: { text: 'openapi: 3.1.0' } });
    await specs().remove('doomed');
    await expectApiError(specs().get('doomed'), 404);
    await specs().remove('doomed');
    const actions = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { limit: 100 } },
    });
    const recorded = new Set(actions.items.map((event) => event.action));
    for (const action of [
      'openapi_spec.created',
      'openapi_spec.updated',
      'openapi_spec.deleted',
      'openapi_spec.version_created',
    ] as const) {
      expect(recorded.has(action), action).toBe(true);
    }
  });

  it('lets readers read, not write; outsiders see nothing', async () => {
    const reader = specs(org.reader.client);
    const spec = await reader.get('petstore');
    expect(spec.permissions).toEqual({ view: true, edit: false });
    await reader.latest('petstore');
    await reader.latestContent('petstore');
    await reader.versions('petstore');
    await expectApiError(reader.create({ slug: 'nope', source: { text: 'x' } }), 403);
    await expectApiError(reader.put('petstore', { text: 'x' }), 403);
    await expectApiError(reader.patch('petstore', 'private'), 403);
    await expectApiError(reader.remove('petstore'), 403);

    const outsider = specs(org.outsider.client);
    await expectApiError(outsider.list(), 404);
    await expectApiError(outsider.get('petstore'), 404);
    await expectApiError(outsider.latest('petstore'), 404);
    await expectApiError(outsider.versions('petstore'), 404);
    await expectApiError(outsider.changes('petstore', spec.lastVersion ?? ''), 404);
    await expectApiError(outsider.put('petstore', { text: 'x' }), 404);
    await expectApiError(outsider.remove('petstore'), 404);
    await expectApiError(specs(server.clientWith()).list(), 401);
  });

  it('refuses bad input with 400, writing nothing', async () => {
    const eventsBefore = await server.countRows('events');
    await expectApiError(specs().create({ slug: 'Bad Slug', source: { text: 'x' } }), 400, /slug/);
    await expectApiError(specs().create({ slug: 'ok', source: {} }), 400, /source/);
    await expectApiError(
      specs().create({ slug: 'ok', source: { url: 'http://169.254.169.254/openapi.yaml' } }),
      400,
      /^body\.source\.url: Refused to fetch .*cloud metadata address/,
    );
    await expectApiError(
      specs().put('ok', { url: 'http://[fd00:ec2::254]/openapi.yaml' }),
      400,
      /cloud metadata address/,
    );
    await expectApiError(
      specs().create({ slug: 'ok', source: { url: 'file:///etc/passwd' } }),
      400,
      /^body\.source\.url must be an http or https URL$/,
    );
    await expectApiError(
      specs().create({ slug: 'ok', source: { url: 'ftp://example.com/a' } }),
      400,
    );
    await expectApiError(specs().create({ slug: 'ok', source: { text: '' } }), 400);
    await expectApiError(specs().create({ source: { text: 'x' } }), 400, /slug/);
    await expectApiError(specs().put('ok', { url: 'x', text: 'y' }), 400);
    await expectApiError(specs().patch('petstore', 'secret'), 400, /visibility/);
    expect(await server.countRows('events')).toBe(eventsBefore);
    await expectApiError(specs().get('ok'), 404);
    await expectApiError(
      specs().create({ slug: 'petstore', source: { text: 'x' } }),
      409,
      /already has/,
    );
    await expectApiError(specs().version('petstore', 'no-such-version'), 404);
    await expectApiError(specs().get('no-such-spec'), 404);
  });

  it('answers PUT with 201 when it creates and 200 when it updates', async () => {
    const created = await org.creator.client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
      params: { path: at('put-me') },
      body: { source: { text: 'openapi: 3.1.0' } },
    });
    expect(created.processingState).toBe('pending');
    const response = await server.fetch(
      new Request(`http://quire.test/v1/orgs/${org.organizationId}/openapi/put-me`, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${org.creator.token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ source: { text: 'openapi: 3.0.0' } }),
      }),
    );
    expect(response.status).toBe(200);
    const first = await server.fetch(
      new Request(`http://quire.test/v1/orgs/${org.organizationId}/openapi/put-new`, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${org.creator.token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ source: { text: 'openapi: 3.0.0' } }),
      }),
    );
    expect(first.status).toBe(201);
    await server.jobs.runDue();
  });

  it("publishes with GitBook's CLI: gitbook openapi publish creates the spec, then a new version", async () => {
    const api = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => api.once('listening', resolve));
    const { port } = api.address() as AddressInfo;
    // The CLI keeps its endpoint and token in its config file, under a home of its own here.
    const home = await mkdtemp(join(tmpdir(), 'quire-gitbook-cli-'));
    const gitbook = (...args: string[]) =>
      run(process.execPath, [gitbookCli, ...args], {
        cwd: home,
        env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
      });
    try {
      const auth = await gitbook(
        'auth',
        '--endpoint',
        `http://127.0.0.1:${port}`,
        '--token',
        org.creator.token,
      );
      expect(auth.stdout).toContain(`You are now authenticated as ${org.creator.user.displayName}`);

      const file = join(home, 'petstore.yaml');
      await writeFile(file, await fixture('petstore-3.0.yaml'));
      const publish = () =>
        gitbook(
          'openapi',
          'publish',
          file,
          '--spec',
          'cli-pets',
          '--organization',
          org.organizationId,
        );
      expect((await publish()).stdout).toContain(
        `OpenAPI specification "cli-pets" published to http://quire.test/app/orgs/${org.organizationId}/openapi/cli-pets`,
      );
      await server.jobs.runDue();
      const first = await specs().get('cli-pets');
      expect(first.lastVersion).toEqual(expect.any(String));

      await writeFile(file, await fixture('petstore-3.0-breaking.yaml'));
      await publish();
      await server.jobs.runDue();
      const second = await specs().get('cli-pets');
      expect(second.lastVersion).not.toBe(first.lastVersion);
      expect((await specs().versions('cli-pets')).count).toBe(2);
      expect((await specs().changes('cli-pets', second.lastVersion ?? '')).breaking).toBe(true);
    } finally {
      await new Promise((resolve) => api.close(resolve));
      await rm(home, { recursive: true, force: true });
    }
  });
});
