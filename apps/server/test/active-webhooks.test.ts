import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '../src/caches/app-caches.js';
import { cacheBudget } from '../src/caches/cache-budget.js';
import { attachDatabaseCaches } from '../src/caches/database-caches.js';
import { bootstrapEmptyDatabase } from '../src/domain/bootstrap.js';
import { changeVersionOf } from '../src/store/database/change-version.js';
import { type DialectName, openDatabase } from '../src/store/database/dialect.js';
import { migrateToLatest } from '../src/store/database/migrate.js';
import {
  anyTable,
  tableVersionsOf,
  trackTableVersions,
} from '../src/store/database/table-versions.js';
import { writtenTable } from '../src/store/database/written-table.js';
import { updateOrganization } from '../src/store/organizations.js';
import type { Database } from '../src/store/schema.js';
import {
  deleteWebhook,
  findActiveWebhooks,
  insertWebhook,
  markWebhookFailing,
  markWebhookSucceeding,
  updateWebhook,
  type WebhookRecord,
} from '../src/store/webhooks.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';
import { waitForNotifications } from './support/wait-for-notifications.js';

// Every write looks up its organization's active webhooks; they are kept between writes. None of
// it may outlive a change to the webhooks: each case warms the lookup, changes a webhook, and
// expects the very next write to see the change.
describe('active webhooks kept between writes', () => {
  let server: TestServer;
  let staff: StaffedOrganization;

  beforeAll(async () => {
    server = await startTestServer({ outboundAllowPrivate: true });
    staff = await createStaffedOrganization(server);
  });
  afterAll(() => server.close());

  const org = () => ({ params: { path: { organizationId: staff.organizationId } } });
  const hook = (webhookId: string) => ({
    params: { path: { organizationId: staff.organizationId, webhookId } },
  });
  const createSpace = (title: string) =>
    staff.admin.client.POST('/orgs/{organizationId}/spaces', { ...org(), body: { title } });
  const deliveryCount = async (webhookId: string) =>
    (
      await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}/deliveries',
        hook(webhookId),
      )
    ).count;
  const update = (webhookId: string, body: { events?: ['space.created']; active?: boolean }) =>
    staff.admin.client.PATCH('/orgs/{organizationId}/webhooks/{webhookId}', {
      ...hook(webhookId),
      body,
    });

  it('sends to a webhook created, changed, turned off and on, and deleted from the next write on', async () => {
    for (let warm = 0; warm < 3; warm += 1) await createSpace(`Before ${warm}`);
    const webhook = await staff.admin.client.POST('/orgs/{organizationId}/webhooks', {
      ...org(),
      body: { url: 'http://127.0.0.1:9/hooks', events: ['space.created'] },
    });
    await createSpace('Created');
    expect(await deliveryCount(webhook.id)).toBe(1);

    await staff.admin.client.PATCH('/orgs/{organizationId}/webhooks/{webhookId}', {
      ...hook(webhook.id),
      body: { events: ['space.updated'] },
    });
    await createSpace('Not taken');
    expect(await deliveryCount(webhook.id)).toBe(1);

    await update(webhook.id, { events: ['space.created'], active: false });
    await createSpace('Turned off');
    expect(await deliveryCount(webhook.id)).toBe(1);

    await update(webhook.id, { active: true });
    await createSpace('Turned on');
    expect(await deliveryCount(webhook.id)).toBe(2);

    await staff.admin.client.DELETE(
      '/orgs/{organizationId}/webhooks/{webhookId}',
      hook(webhook.id),
    );
    const deliveries = await server.countRows('webhook_deliveries');
    await createSpace('Deleted');
    expect(await server.countRows('webhook_deliveries')).toBe(deliveries);
  });

  it('sends a new webhook the event of its own creation, written in the same transaction', async () => {
    await createSpace('Warm');
    const webhook = await staff.admin.client.POST('/orgs/{organizationId}/webhooks', {
      ...org(),
      body: { url: 'http://127.0.0.1:9/hooks', events: ['webhook.created'] },
    });
    expect(await deliveryCount(webhook.id)).toBe(1);
    await staff.admin.client.DELETE(
      '/orgs/{organizationId}/webhooks/{webhookId}',
      hook(webhook.id),
    );
  });

  it("keeps each organization's webhooks to its own events", async () => {
    const otherId = await server.createOrganization(staff.admin, 'Other');
    const other = await staff.admin.client.POST('/orgs/{organizationId}/webhooks', {
      params: { path: { organizationId: otherId } },
      body: { url: 'http://127.0.0.1:9/hooks', events: ['space.created'] },
    });
    await createSpace('Not the other one');
    const count = await staff.admin.client.GET(
      '/orgs/{organizationId}/webhooks/{webhookId}/deliveries',
      { params: { path: { organizationId: otherId, webhookId: other.id } } },
    );
    expect(count.count).toBe(0);
  });
});

/** A second database of the same URL: another process, as far as either can tell. */
async function openDatabasePair(): Promise<{
  db: Kysely<Database>;
  other: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}> {
  if (process.env.QUIRE_TEST_DATABASE === 'postgres') {
    const database: TestDatabase = await openTestDatabase();
    const other = openDatabase(database.url).db;
    return {
      db: database.db,
      other,
      dialect: 'postgres',
      close: async () => {
        await other.destroy();
        await database.drop();
      },
    };
  }
  // A file: a second connection to `:memory:` would be another database.
  const directory = mkdtempSync(join(tmpdir(), 'quire-active-webhooks-'));
  const url = `sqlite:${join(directory, 'quire.db')}`;
  const { db, dialect } = openDatabase(url);
  await migrateToLatest(db, dialect);
  const other = openDatabase(url).db;
  return {
    db,
    other,
    dialect,
    close: async () => {
      await other.destroy();
      await db.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

describe('findActiveWebhooks', () => {
  let pair: Awaited<ReturnType<typeof openDatabasePair>>;
  let organizationId: string;
  let userId: string;
  const now = new Date('2026-01-15T10:00:00.000Z');

  beforeAll(async () => {
    pair = await openDatabasePair();
    // As the services do: this process's reads of the database go through its caches.
    const caches = createAppCaches(cacheBudget(16 * 1024 * 1024), {
      changes: changeVersionOf(pair.db),
      tables: tableVersionsOf(pair.db),
    });
    attachDatabaseCaches(pair.db, caches);
    const bootstrapped = await bootstrapEmptyDatabase(
      pair.db,
      { email: 'owner@example.com', organizationTitle: 'Hooks', token: undefined },
      now,
    );
    if (bootstrapped === undefined) throw new Error('The database was not empty');
    organizationId = bootstrapped.organizationId;
    userId = bootstrapped.userId;
  });
  afterAll(() => pair.close());

  let count = 0;
  const webhook = (fields: Partial<WebhookRecord> = {}): WebhookRecord => {
    count += 1;
    return {
      id: `hook${String(count).padStart(16, '0')}`,
      organizationId,
      url: 'https://hooks.example.com/quire',
      description: '',
      events: ['*'],
      active: true,
      secret: 'whsec_test',
      previousSecret: null,
      previousSecretUntil: null,
      secretRotatedAt: null,
      failingSince: null,
      disabledReason: null,
      createdBy: userId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      ...fields,
    };
  };
  const active = async (db: Parameters<typeof findActiveWebhooks>[0] = pair.db) =>
    (await findActiveWebhooks(db, organizationId)).map((found) => found.id).sort();

  it('answers the same list until the webhooks change, whatever else is written', async () => {
    await insertWebhook(pair.db, webhook());
    // On PostgreSQL this process hears of its own commit too.
    await waitForNotifications(pair.db);
    const kept = await findActiveWebhooks(pair.db, organizationId);
    expect(await findActiveWebhooks(pair.db, organizationId)).toBe(kept);
    await updateOrganization(pair.db, organizationId, {
      title: 'Renamed',
      updatedAt: now.toISOString(),
    });
    await waitForNotifications(pair.db);
    expect(await findActiveWebhooks(pair.db, organizationId)).toBe(kept);
    // A statement that changes no row changes nothing.
    const [first] = kept;
    if (first === undefined) throw new Error('The webhook is missing');
    await markWebhookSucceeding(pair.db, first.id);
    await waitForNotifications(pair.db);
    expect(await findActiveWebhooks(pair.db, organizationId)).toBe(kept);

    await markWebhookFailing(pair.db, first.id, now);
    const afterChange = await findActiveWebhooks(pair.db, organizationId);
    expect(afterChange).not.toBe(kept);
    expect(afterChange).toEqual(kept);
    expect(Object.isFrozen(afterChange)).toBe(true);
    await deleteWebhook(pair.db, first.id);
    expect(await active()).toEqual([]);
  });

  it("sees another process's changes on the next lookup", async () => {
    for (let warm = 0; warm < 3; warm += 1) expect(await active()).toEqual([]);
    const added = webhook();
    await insertWebhook(pair.other, added);
    await waitForNotifications(pair.db);
    expect(await active()).toEqual([added.id]);

    await updateWebhook(pair.other, added.id, { active: false }, now);
    await waitForNotifications(pair.db);
    expect(await active()).toEqual([]);

    await updateWebhook(pair.other, added.id, { active: true, events: ['space.created'] }, now);
    await waitForNotifications(pair.db);
    expect(await findActiveWebhooks(pair.db, organizationId)).toEqual([
      { id: added.id, events: ['space.created'] },
    ]);

    await deleteWebhook(pair.other, added.id);
    await waitForNotifications(pair.db);
    expect(await active()).toEqual([]);
  });

  it('reads its own uncommitted webhooks in a transaction, and forgets them when it rolls back', async () => {
    expect(await active()).toEqual([]);
    const added = webhook();
    const rolledBack = new Error('roll back');
    await expect(
      pair.db.transaction().execute(async (trx) => {
        await insertWebhook(trx, added);
        expect(await active(trx)).toEqual([added.id]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await active()).toEqual([]);

    await pair.db.transaction().execute(async (trx) => {
      await insertWebhook(trx, added);
      expect(await active(trx)).toEqual([added.id]);
    });
    expect(await active()).toEqual([added.id]);
    await deleteWebhook(pair.db, added.id);
    expect(await active()).toEqual([]);
  });

  // SQLite has one writer at a time: there a read waits for the transaction to end.
  it.runIf(process.env.QUIRE_TEST_DATABASE === 'postgres')(
    "keeps nothing read beside another transaction's uncommitted webhook",
    async () => {
      expect(await active()).toEqual([]);
      const added = webhook();
      let inserted: () => void = () => {};
      let commit: () => void = () => {};
      const insertedNow = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const committing = new Promise<void>((resolve) => {
        commit = resolve;
      });
      const transaction = pair.db.transaction().execute(async (trx) => {
        await insertWebhook(trx, added);
        inserted();
        await committing;
      });
      await insertedNow;
      expect(await active()).toEqual([]);
      commit();
      await transaction;
      expect(await active()).toEqual([added.id]);
      await deleteWebhook(pair.db, added.id);
    },
  );
});

describe('table versions', () => {
  it('hide a table while a write to it is open, and move when one commits', () => {
    let elsewhere: string | undefined = '1';
    const versions = trackTableVersions(() => elsewhere);
    const before = versions.current('webhooks');
    expect(before).toBeDefined();
    versions.writeStarted('webhooks');
    expect(versions.current('webhooks')).toBeUndefined();
    expect(versions.current('spaces')).toBeDefined();
    versions.writeEnded('webhooks', false);
    expect(versions.current('webhooks')).toBe(before);
    versions.writeStarted('webhooks');
    versions.writeEnded('webhooks', true);
    const committed = versions.current('webhooks');
    expect(committed).not.toBe(before);

    const spaces = versions.current('spaces');
    versions.writeStarted(anyTable);
    expect(versions.current('spaces')).toBeUndefined();
    versions.writeEnded(anyTable, true);
    expect(versions.current('spaces')).not.toBe(spaces);
    expect(versions.current('webhooks')).not.toBe(committed);

    const beforeElsewhere = versions.current('webhooks');
    versions.changedElsewhere('webhooks');
    expect(versions.current('webhooks')).not.toBe(beforeElsewhere);
    elsewhere = undefined;
    expect(versions.current('webhooks')).toBeUndefined();
  });

  it('tell the table a query writes', async () => {
    const { db } = openDatabase('sqlite::memory:');
    try {
      expect(writtenTable(db.selectFrom('webhooks').selectAll().compile())).toBeUndefined();
      const job = { id: 'a', kind: 'k', payload: '{}', state: 'queued', run_at: '', attempts: 0 };
      const at = { created_at: '', updated_at: '', locked_until: null, last_error: null };
      expect(
        writtenTable(
          db
            .insertInto('jobs')
            .values({ ...job, ...at })
            .compile(),
        ),
      ).toBe('jobs');
      expect(writtenTable(db.updateTable('webhooks as w').set({ url: 'x' }).compile())).toBe(
        'webhooks',
      );
      expect(writtenTable(db.deleteFrom('jobs').where('id', '=', 'x').compile())).toBe('jobs');
      expect(writtenTable(sql`select 1`.compile(db))).toBeUndefined();
      expect(
        writtenTable(sql`INSERT INTO indexed_sections_fts (rowid) VALUES (${1})`.compile(db)),
      ).toBe('indexed_sections_fts');
      expect(writtenTable(sql`update "webhooks" set active = 0`.compile(db))).toBe('webhooks');
      expect(writtenTable(sql`vacuum`.compile(db))).toBe(anyTable);
      expect(writtenTable(db.schema.dropTable('jobs').compile())).toBe(anyTable);
    } finally {
      await db.destroy();
    }
  });
});
