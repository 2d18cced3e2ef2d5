import type { Kysely } from 'kysely';
import { spacesMissingFromIndexes } from '../../store/content-index-reads.js';
import type { Database } from '../../store/schema.js';
import { findSpaceById } from '../../store/spaces.js';
import type { HeadMoveListeners } from '../content/head-moves.js';

const batch = 100;

/**
 * Indexes the spaces whose content predates the search and link indexes, each in its own
 * transaction, as if its head had just been written; run at start-up, before requests are
 * taken, so later head moves find a complete index to update. Answers how many it indexed.
 */
export async function indexSpacesMissingFromIndexes(
  db: Kysely<Database>,
  heads: HeadMoveListeners,
): Promise<number> {
  let indexed = 0;
  const seen = new Set<string>();
  for (;;) {
    const missing = (await spacesMissingFromIndexes(db, batch + seen.size)).filter(
      (space) => !seen.has(space.id),
    );
    if (missing.length === 0) return indexed;
    for (const { id } of missing) {
      seen.add(id);
      await db.transaction().execute(async (trx) => {
        const space = await findSpaceById(trx, id);
        if (space === undefined) return;
        await heads.spaceHeadMoved(trx, { spaceId: id, from: null, to: space.revisionId });
      });
      indexed += 1;
    }
  }
}
