import type { Kysely } from 'kysely';
import type { Database, Executor } from './schema.js';

/** A redirect a space's Git repository declares: an old path of the space and its page now. */
export interface SpaceRedirectRecord {
  spaceId: string;
  /** The old path, relative to the space, without leading or trailing `/` (`guides/old`). */
  source: string;
  pageId: string;
  createdAt: string;
}

/** A space's redirects, by source. */
export async function listSpaceRedirects(
  db: Executor,
  spaceId: string,
): Promise<SpaceRedirectRecord[]> {
  const rows = await db
    .selectFrom('space_redirects')
    .selectAll()
    .where('space_id', '=', spaceId)
    .orderBy('source')
    .execute();
  return rows.map((row) => ({
    spaceId: row.space_id,
    source: row.source,
    pageId: row.page_id,
    createdAt: row.created_at,
  }));
}

/**
 * Replaces a space's redirects as a whole, in one transaction. Entries that stay as they were
 * keep their `createdAt`.
 */
export async function replaceSpaceRedirects(
  db: Kysely<Database>,
  spaceId: string,
  redirects: readonly { source: string; pageId: string }[],
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = new Map(
      (await listSpaceRedirects(trx, spaceId)).map((record) => [record.source, record]),
    );
    await trx.deleteFrom('space_redirects').where('space_id', '=', spaceId).execute();
    if (redirects.length === 0) return;
    await trx
      .insertInto('space_redirects')
      .values(
        redirects.map(({ source, pageId }) => {
          const kept = before.get(source);
          return {
            space_id: spaceId,
            source,
            page_id: pageId,
            created_at:
              kept !== undefined && kept.pageId === pageId ? kept.createdAt : now.toISOString(),
          };
        }),
      )
      .execute();
  });
}
