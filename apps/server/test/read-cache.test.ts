import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createQuireClient } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiToken } from '../src/domain/users/api-tokens.js';
import { openDatabase } from '../src/store/database/dialect.js';
import { deleteMembership, updateMemberRole } from '../src/store/members.js';
import { expectApiError } from './support/expect-api-error.js';
import { builtEntry, type ServerProcess, startServerProcess } from './support/server-process.js';
import { spaceEditing } from './support/space-editing.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';
import { waitForNotifications } from './support/wait-for-notifications.js';

// The caller behind a token and a space with the caller's role are kept between requests; none
// of it may outlive a change: each case warms the reads, changes what they depend on, and
// expects the very next request to see the change.
describe('reads kept between requests', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Kept' },
      })
    ).id;
  });
  afterAll(() => server.close());

  const readSpace = (client = staff.reader.client) =>
    client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } });
  const member = (userId: string) => ({
    params: { path: { organizationId: staff.organizationId, userId } },
  });

  it('see a lowered role, a removed member and a revoked token on the next request', async () => {
    const editor = await server.createUser({ organizationId: staff.organizationId, role: 'edit' });
    for (let warm = 0; warm < 3; warm += 1) {
      expect((await readSpace(editor.client)).permissions.edit).toBe(true);
    }
    await staff.admin.client.PATCH('/orgs/{organizationId}/members/{userId}', {
      ...member(editor.user.id),
      body: { role: 'read' },
    });
    expect((await readSpace(editor.client)).permissions.edit).toBe(false);

    await staff.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId } },
      body: { defaultLevel: 'comment' },
    });
    expect((await readSpace(editor.client)).permissions.comment).toBe(true);

    await staff.admin.client.DELETE(
      '/orgs/{organizationId}/members/{userId}',
      member(editor.user.id),
    );
    await expectApiError(readSpace(editor.client), 404);

    const other = await server.createUser({ organizationId: staff.organizationId, role: 'read' });
    await readSpace(other.client);
    await revokeApiToken(server.services.db, other.token);
    await expectApiError(readSpace(other.client), 401, /revoked/);
  });

  // A second connection of its own, as another server process has: on PostgreSQL its commits
  // reach this one's cache through notifications. (SQLite's `data_version`, across processes, is
  // below; a second connection to a database in memory would be another database.)
  it.runIf(process.env.QUIRE_TEST_DATABASE === 'postgres')(
    'see changes another connection to the database commits on the next request',
    async () => {
      const other = openDatabase(server.databaseUrl).db;
      try {
        const reader = await server.createUser({
          organizationId: staff.organizationId,
          role: 'edit',
        });
        for (let warm = 0; warm < 3; warm += 1) {
          expect((await readSpace(reader.client)).permissions.edit).toBe(true);
        }
        await updateMemberRole(other, staff.organizationId, reader.user.id, 'read');
        await waitForNotifications(server.services.db);
        expect((await readSpace(reader.client)).permissions.edit).toBe(false);
        await revokeApiToken(other, reader.token);
        await waitForNotifications(server.services.db);
        await expectApiError(readSpace(reader.client), 401, /revoked/);

        const removed = await server.createUser({
          organizationId: staff.organizationId,
          role: 'read',
        });
        for (let warm = 0; warm < 3; warm += 1) {
          expect((await readSpace(removed.client)).id).toBe(spaceId);
        }
        await other
          .transaction()
          .execute((trx) => deleteMembership(trx, staff.organizationId, removed.user.id));
        await waitForNotifications(server.services.db);
        await expectApiError(readSpace(removed.client), 404);
      } finally {
        await other.destroy();
      }
    },
  );

  it('answer a page tree again from its content, and the new tree once the content changes', async () => {
    const editing = spaceEditing(staff.admin, () => spaceId);
    const changeRequestId = await editing.openChangeRequest();
    await editing.apply(changeRequestId, [
      { operation: 'insert_page', title: 'First', document: { markdown: 'One.' } },
    ]);
    const tree = () =>
      staff.reader.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', {
        params: { path: { spaceId, changeRequestId } },
      });
    const first = await tree();
    expect(await tree()).toEqual(first);
    await editing.apply(changeRequestId, [
      { operation: 'insert_page', title: 'Second', document: { markdown: 'Two.' } },
    ]);
    expect((await tree()).pages.map((page) => page.title)).toEqual(['First', 'Second']);
    expect(first.pages.map((page) => page.title)).toEqual(['First']);
  });

  it('see a change to the space itself on the next request', async () => {
    await readSpace();
    await staff.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId } },
      body: { title: 'Renamed' },
    });
    expect((await readSpace()).title).toBe('Renamed');
    await staff.admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId } } });
    await expectApiError(readSpace(), 404);
    await staff.admin.client.POST('/spaces/{spaceId}/restore', { params: { path: { spaceId } } });
    expect((await readSpace()).title).toBe('Renamed');
  });
});

// Another process writing the same SQLite file: the CLI revokes a token the server has kept.
describe.skipIf(process.env.QUIRE_TEST_DATABASE === 'postgres')(
  'reads kept by a server process',
  { timeout: 60_000 },
  () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-kept-'));
    const databaseUrl = `sqlite:${join(directory, 'quire.db')}`;
    const bootstrapToken = 'qr_kept_reads_token_0123456789';
    let process_: ServerProcess;
    let baseUrl: string;

    const cli = async (...args: string[]) => {
      const { PUBLIC_URL, PORT, HOST, ...inherited } = process.env;
      const { stdout } = await promisify(execFile)(process.execPath, [builtEntry('cli'), ...args], {
        env: { ...inherited, DATABASE_URL: databaseUrl },
      });
      return JSON.parse(stdout) as { token?: string; user?: { id: string } };
    };

    beforeAll(async () => {
      process_ = startServerProcess({
        DATABASE_URL: databaseUrl,
        PORT: '0',
        BOOTSTRAP_TOKEN: bootstrapToken,
      });
      const { port } = await process_.waitFor('quire is listening');
      baseUrl = `http://127.0.0.1:${port}`;
    });
    afterAll(async () => {
      const exited = once(process_.child, 'close');
      process_.child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    });

    it('refuses a token the CLI revoked on the next request', async () => {
      const admin = createQuireClient({ baseUrl, token: bootstrapToken });
      const [organization] = (await admin.GET('/orgs')).items;
      const created = await cli(
        'users',
        'create',
        '--email',
        'kept@example.com',
        '--org',
        organization?.id ?? '',
        '--role',
        'read',
      );
      const client = createQuireClient({ baseUrl, token: created.token ?? '' });
      for (let warm = 0; warm < 3; warm += 1) {
        expect((await client.GET('/user')).id).toBe(created.user?.id);
      }
      await cli('tokens', 'revoke', '--token', created.token ?? '');
      await expectApiError(client.GET('/user'), 401, /revoked/);
      expect((await admin.GET('/orgs')).items).toHaveLength(1);
    });
  },
);
