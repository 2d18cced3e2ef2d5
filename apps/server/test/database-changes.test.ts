import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseChanges, recordDatabaseChanges } from './support/database-changes.js';
import { startTestServer, type TestServer, type TestUser } from './support/test-server.js';

// The fuzz suite's "a refused request wrote nothing" rests on this log: it must see every
// committed change and nothing else.
describe('the database change log of the tests', () => {
  let server: TestServer;
  let user: TestUser;
  let changes: DatabaseChanges;

  beforeAll(async () => {
    server = await startTestServer();
    user = await server.createUser();
    changes = await recordDatabaseChanges(server.services.db, server.services.dialect);
  });
  afterAll(() => server.close());

  it('logs a committed change with its row, and nothing for a rollback or a no-op update', async () => {
    const { db } = server.services;
    const mark = await changes.mark();
    const rolledBack = db.transaction().execute(async (transaction) => {
      await transaction
        .updateTable('users')
        .set({ display_name: 'Rolled back' })
        .where('id', '=', user.user.id)
        .execute();
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    await sql`update users set display_name = display_name`.execute(db);
    expect(await changes.since(mark)).toEqual([]);

    await db
      .updateTable('users')
      .set({ display_name: 'Kept' })
      .where('id', '=', user.user.id)
      .execute();
    const logged = await changes.since(mark);
    expect(logged.map(({ table, operation }) => ({ table, operation }))).toEqual([
      { table: 'users', operation: 'update' },
    ]);
    expect(JSON.parse(logged[0]?.row ?? '{}')).toMatchObject({
      id: user.user.id,
      display_name: 'Kept',
    });
    expect(await changes.since(await changes.mark())).toEqual([]);
  });
});
