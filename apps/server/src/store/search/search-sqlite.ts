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

// Title and headings weigh ten times the body in bm25 (lower is better there).
const titleWeight = 10;

/** The one token that names a space in the index: ids mix cases, which the tokenizer folds. */
function spaceToken(spaceId: string): string {
  return `s${Buffer.from(spaceId, 'utf8').toString('hex')}`;
}

/**
 * An FTS5 query of the terms in the spaces: each term quoted (they hold only letters, marks and
 * digits), all required.
 */
function matchExpression(spaceIds: readonly string[], terms: readonly SearchTerm[]): string {
  const spaces = spaceIds.map((id) => `"${spaceToken(id)}"`).join(' OR ');
  const words = terms.map((term) => `"${term.words.join(' ')}"${term.prefix ? '*' : ''}`);
  return `space : (${spaces}) AND ${words.join(' AND ')}`;
}

/** The search index on SQLite: FTS5 (unicode61) over the sections, by section rowid. */
export const sqliteSearchIndex: SearchIndex = {
  async writeSections(db, spaceId, pages) {
    await removePageSections(
      db,
      spaceId,
      pages.map(({ page }) => page.id),
    );
    const space = spaceToken(spaceId);
    for (const part of chunks(sectionRows(pages))) {
      const inserted = await db
        .insertInto('indexed_sections')
        .values(
          part.map(({ page, position, section }) => ({
            space_id: spaceId,
            page_id: page.id,
            position,
            anchor: section.anchor,
            title: section.heading,
            body: section.body,
          })),
        )
        .returning(['id', 'page_id', 'position'])
        .execute();
      // RETURNING answers the rows in no order it promises: each is found by page and place.
      const ids = new Map(inserted.map((row) => [`${row.page_id}/${row.position}`, row.id]));
      const values = part.map(
        ({ page, position, section }) =>
          sql`(${ids.get(`${page.id}/${position}`)}, ${space}, ${indexableText(`${page.title}\n${section.heading}`)}, ${indexableText(section.body)})`,
      );
      await sql`INSERT INTO indexed_sections_fts (rowid, space, title, body) VALUES ${sql.join(values)}`.execute(
        db,
      );
    }
  },

  async search(db, spaceIds, terms, limit) {
    if (terms.length === 0 || spaceIds.length === 0) return [];
    const { rows } = await sql<RankedSectionRow & { rank: number }>`
      SELECT s.id, s.space_id, s.page_id, bm25(indexed_sections_fts, 0.0, ${sql.lit(titleWeight)}, 1.0) AS rank
      FROM indexed_sections_fts
      JOIN indexed_sections s ON s.id = indexed_sections_fts.rowid
      WHERE indexed_sections_fts MATCH ${matchExpression(spaceIds, terms)}
        AND s.space_id IN (${sql.join(spaceIds)})
      ORDER BY rank, s.page_id, s.position
      LIMIT ${limit}
    `.execute(db);
    return rows.map((row) => toRankedSection(row, -row.rank));
  },
};
