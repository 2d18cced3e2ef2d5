import type { DialectName } from '../../store/database/dialect.js';
import type { Executor } from '../../store/schema.js';
import {
  type RankedSection,
  readSectionHits,
  type SectionHit,
  searchIndexOf,
} from '../../store/search/search-index.js';
import type { SearchTerm } from '../../store/search/search-terms.js';

/** A list of sections ranked by one way of matching, the best first. */
export type Ranking = readonly Pick<RankedSection, 'id'>[];

// Reciprocal rank fusion's constant: past the first few, a rank's place matters little.
const fusionK = 60;
const perRanking = 50;

/**
 * The sections of the heads of `spaceIds` that best answer a question, at most `limit`, the best
 * first: the sections holding every word of the question, and those holding each word alone,
 * fused by rank (reciprocal rank fusion), with any `more` rankings (vector similarity) fused in.
 * The search index reads only the spaces given: the caller's choice of spaces is what keeps an
 * answer to what its asker may read.
 */
export async function retrieveSections(
  db: Executor,
  dialect: DialectName,
  spaceIds: readonly string[],
  terms: readonly SearchTerm[],
  { limit, more = [] }: { limit: number; more?: readonly Ranking[] },
): Promise<SectionHit[]> {
  if (spaceIds.length === 0 || (terms.length === 0 && more.length === 0)) return [];
  const index = searchIndexOf(dialect);
  const alone = terms.length > 1 ? terms.slice(0, 8).map((term) => [term]) : [];
  const byWords = terms.length === 0 ? [] : [terms, ...alone];
  const rankings: Ranking[] = [
    ...(await Promise.all(byWords.map((some) => index.search(db, spaceIds, some, perRanking)))),
    ...more,
  ];
  const fused = fuseRankings(rankings).slice(0, limit);
  const hits = await readSectionHits(db, fused);
  return fused.flatMap((id) => {
    const hit = hits.get(id);
    return hit === undefined ? [] : [hit];
  });
}

/** Section ids by reciprocal rank fusion: the sum over rankings of 1 / (k + rank), the best first. */
export function fuseRankings(rankings: readonly Ranking[]): number[] {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach(({ id }, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (fusionK + rank + 1));
    });
  }
  return [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}
