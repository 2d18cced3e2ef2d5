import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const cliPath = join(
  dirname(createRequire(import.meta.url).resolve('@gitbook/cli/package.json')),
  'cli.js',
);
const fixture = join(
  dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'integrations',
  'reading-time',
);
const secret = 'reading-time-token-7781';

/** What a CLI run printed, and how it ended. */
interface CliRun {
  code: number;
  output: string;
}

describe("GitBook's CLI against a Quire server", () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let api: ReturnType<typeof serve>;
  let endpoint: string;
  // The CLI keeps its endpoint and token under the home and config directories, and bundles
  // into the temporary one: all of them fresh for this test.
  let home: string;

  const gitbook = (args: string[], input = ''): Promise<CliRun> =>
    new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        ['--no-warnings', cliPath, ...args],
        {
          cwd: fixture,
          timeout: 60_000,
          env: {
            PATH: process.env.PATH,
            HOME: home,
            XDG_CONFIG_HOME: join(home, 'config'),
            TMPDIR: join(home, 'tmp'),
            READING_TIME_TOKEN: secret,
          },
        },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
          resolve({ code, output: `${stdout}${stderr}` });
        },
      );
      child.stdin?.end(input);
    });

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    // The manifest names its organization by hostname.
    await org.admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId: org.organizationId } },
      body: { hostname: 'cli-publishers' },
    });
    home = await mkdtemp(join(tmpdir(), 'quire-gitbook-cli-'));
    await mkdir(join(home, 'tmp'));
    api = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => api.once('listening', resolve));
    // The CLI adds /v1 to the endpoint it is given.
    endpoint = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => api.close(resolve));
    await server.close();
    await rm(home, { recursive: true, force: true });
  });

  it('authenticates, publishes an integration directory and unpublishes it', async () => {
    const auth = await gitbook(['auth', '--endpoint', endpoint, '--token', org.admin.token]);
    expect(auth.output).toContain(`You are now authenticated as ${org.admin.user.displayName}`);
    expect(auth.code).toBe(0);

    const published = await gitbook(['publish']);
    expect(published.output, published.output).toContain('Integration "reading-time" published');
    expect(published.code).toBe(0);
    const integration = await org.reader.client.GET('/integrations/{integrationName}', {
      params: { path: { integrationName: 'reading-time' } },
    });
    expect(integration).toMatchObject({
      name: 'reading-time',
      version: 1,
      title: 'Reading time',
      visibility: 'public',
      target: 'space',
      scopes: ['space:content:read'],
      categories: ['content'],
      owner: { id: org.organizationId },
      configurations: { space: { required: ['wordsPerMinute'] } },
    });
    expect(integration.urls.icon).toEqual(expect.any(String));
    expect(JSON.stringify(integration)).not.toContain(secret);
    const row = await server.services.db
      .selectFrom('integrations')
      .select(['script', 'secrets'])
      .where('name', '=', 'reading-time')
      .executeTakeFirstOrThrow();
    // The bundle: both source files in one script.
    expect(row.script).toContain('200');
    expect(row.script).not.toContain("from './words.js'");
    expect(row.secrets).not.toContain(secret);

    expect((await gitbook(['publish'])).code).toBe(0);
    const again = await org.reader.client.GET('/integrations/{integrationName}', {
      params: { path: { integrationName: 'reading-time' } },
    });
    expect(again.version).toBe(2);

    const unpublished = await gitbook(['unpublish', 'reading-time'], 'y\n');
    expect(unpublished.output, unpublished.output).toContain('has been deleted');
    await expectApiError(
      org.reader.client.GET('/integrations/{integrationName}', {
        params: { path: { integrationName: 'reading-time' } },
      }),
      404,
    );
  }, 120_000);

  it('tells a member who may not publish why', async () => {
    await gitbook(['auth', '--endpoint', endpoint, '--token', org.creator.token]);
    const refused = await gitbook(['publish']);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('Only admins of the organization may publish');
  }, 120_000);
});
