import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiProcessingJobKind } from '../src/domain/openapi/openapi-specs.js';
import { enqueueJob } from '../src/store/jobs.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const petstore = readFile(
  join(import.meta.dirname, 'fixtures', 'openapi', 'petstore-3.0.yaml'),
  'utf8',
);
/** The petstore spec at another version: a different text, so a different generation's content. */
const petstoreAt = async (version: number) =>
  (await petstore).replace(/^ {2}version: .*$/m, `  version: 1.0.${version}`);

// Two server processes on one database take writes of the same spec at once (PostgreSQL); on
// SQLite, one process takes them all, interleaved on its connection.
describe('concurrent updates of one OpenAPI spec', () => {
  const onPostgres = process.env.QUIRE_TEST_DATABASE === 'postgres';
  let first: TestServer;
  let second: TestServer;
  let org: StaffedOrganization;
  const slug = 'racing';

  const specRow = () =>
    first.services.db
      .selectFrom('openapi_specs')
      .select(['id', 'generation', 'processing_state'])
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
  const versionCount = async () =>
    (
      await org.creator.client.GET('/orgs/{organizationId}/openapi/{specSlug}/versions', {
        params: { path: { organizationId: org.organizationId, specSlug: slug } },
      })
    ).count;
  const jobsLeft = () =>
    first.services.db.selectFrom('jobs').select(['kind', 'state', 'last_error']).execute();
  const runBoth = () => Promise.all([first.jobs.runDue(), second.jobs.runDue()]);

  beforeAll(async () => {
    first = await startTestServer();
    second = onPostgres ? await startTestServer({ secondProcessOf: first }) : first;
    org = await createStaffedOrganization(first);
    await org.creator.client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
      params: { path: { organizationId: org.organizationId, specSlug: slug } },
      body: { source: { text: await petstoreAt(0) } },
    });
    await runBoth();
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  it('counts every update in the generation, and processes only the last into a version', async () => {
    const clients = [first, second].map((server) => server.clientWith(org.creator.token));
    const updates = 40;
    await Promise.all(
      Array.from({ length: updates }, async (_, n) =>
        clients[n % 2]?.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
          params: { path: { organizationId: org.organizationId, specSlug: slug } },
          body: { source: { text: await petstoreAt(n + 1) } },
        }),
      ),
    );
    expect(Number((await specRow()).generation)).toBe(1 + updates);
    const queued = await jobsLeft();
    expect(queued).toHaveLength(updates);

    await runBoth();
    // Every job ended at its first run: none was retried after an error.
    expect(await jobsLeft()).toEqual([]);
    expect(await specRow()).toMatchObject({ processing_state: 'complete' });
    expect(await versionCount()).toBe(2);
  });

  it('makes one version when two runs process the same generation at once', async () => {
    const text = await petstoreAt(100);
    await org.creator.client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
      params: { path: { organizationId: org.organizationId, specSlug: slug } },
      body: { source: { text } },
    });
    const { id, generation } = await specRow();
    // A second job of the same generation: a run taken over, or repeated, as a lease runs out.
    await enqueueJob(
      first.services.db,
      {
        kind: openApiProcessingJobKind.name,
        payload: { specId: id, generation: Number(generation) },
        runAt: first.clock.now(),
      },
      first.clock.now(),
    );
    const before = await versionCount();
    await runBoth();
    expect(await jobsLeft()).toEqual([]);
    expect(await versionCount()).toBe(before + 1);
  });
});
