import { sql } from 'kysely';
import { chunks } from '../chunks.js';
import {
  type RankedSectionRow,
  removePageSections,
  type SearchIndex,
  sectionRows,
  toRankedSection,
} from './search-sections.js';
import { indexableText, type SearchTerm } from './search-terms.js';

/**
 * A tsquery of the terms: the words of a term follow one another (`<->`), a prefix term ends in
 * `:*`, all terms are required. Terms hold only letters, marks and digits, so quoting each word
 * is enough to keep the input data.
 */
function tsqueryText(terms: readonly SearchTerm[]): string {
  return terms
    .map((term) => {
      const words = term.words.map((word) => `'${word}'${term.prefix ? ':*' : ''}`);
      return `(${words.join(' <-> ')})`;
    })
    .join(' & ');
}

/** The search index on PostgreSQL: a `tsvector` per section (title weight A, body B) under GIN. */
export const postgresSearchIndex: SearchIndex = {
  async writeSections(db, spaceId, pages) {
    await removePageSections(
      db,
      spaceId,
      pages.map(({ page }) => page.id),
    );
    for (const part of chunks(sectionRows(pages))) {
      const values = part.map(({ page, position, section }) => {
        const title = indexableText(`${page.title}\n${section.heading}`);
        return sql`(${spaceId}, ${page.id}, ${position}, ${section.anchor}, ${section.heading},
          ${section.body},
          setweight(to_tsvector('simple', ${title}), 'A') ||
          setweight(to_tsvector('simple', ${indexableText(section.body)}), 'B'))`;
      });
      await sql`
        INSERT INTO indexed_sections (space_id, page_id, position, anchor, title, body, terms)
        VALUES ${sql.join(values)}
      `.execute(db);
    }
  },

  async search(db, spaceIds, terms, limit) {
    if (terms.length === 0 || spaceIds.length === 0) return [];
    const { rows } = await sql<RankedSectionRow & { rank: number }>`
      SELECT s.id, s.space_id, s.page_id, ts_rank(s.terms, q.query) AS rank
      FROM indexed_sections s
      CROSS JOIN (SELECT to_tsquery('simple', ${tsqueryText(terms)}) AS query) q
      WHERE s.terms @@ q.query AND s.space_id IN (${sql.join(spaceIds)})
      ORDER BY rank DESC, s.page_id, s.position
      LIMIT ${limit}
    `.execute(db);
    return rows.map((row) => toRankedSection(row, Number(row.rank)));
  },
};
