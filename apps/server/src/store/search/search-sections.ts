import { chunks } from '../chunks.js';
import type { Executor } from '../schema.js';
import type { SearchTerm } from './search-terms.js';

/** A page as the index knows it. */
export interface IndexedPage {
  id: string;
  title: string;
  path: string;
}

/** One section of a page body: its heading (empty before the first one) and its text. */
export interface IndexedSection {
  anchor: string;
  heading: string;
  body: string;
}

/** A page and every section of its body, as the index stores them. */
export interface PageSections {
  page: IndexedPage;
  sections: readonly IndexedSection[];
}

/** One section to store: its page, its place in the page, and what it says. */
export interface SectionRow {
  page: IndexedPage;
  position: number;
  section: IndexedSection;
}

/** The sections of pages, one row each, in page order. */
export function sectionRows(pages: readonly PageSections[]): SectionRow[] {
  return pages.flatMap(({ page, sections }) =>
    sections.map((section, position) => ({ page, position, section })),
  );
}

/** A section matching a search, as ranked: its row, its page, and a score (higher is better). */
export interface RankedSection {
  id: number;
  spaceId: string;
  pageId: string;
  score: number;
}

/** A matching section with what a result shows of it and of its page. */
export interface SectionHit {
  id: number;
  spaceId: string;
  pageId: string;
  pageTitle: string;
  pagePath: string;
  anchor: string;
  heading: string;
  body: string;
}

/**
 * The full-text index of the pages of spaces' head revisions: one implementation per dialect
 * (FTS5 on SQLite, a weighted `tsvector` with GIN on PostgreSQL), the same behaviour on both.
 */
export interface SearchIndex {
  /**
   * Stores the sections of pages, replacing those they had, a few hundred rows a statement; the
   * page records are the caller's.
   */
  writeSections(db: Executor, spaceId: string, pages: readonly PageSections[]): Promise<void>;
  /**
   * The best-matching sections in `spaceIds` (every term in one section), best first: only their
   * rows and pages, so ranking thousands of matches reads no text (see {@link readSectionHits}).
   */
  search(
    db: Executor,
    spaceIds: readonly string[],
    terms: readonly SearchTerm[],
    limit: number,
  ): Promise<RankedSection[]>;
}

/** The row of a ranked section, as both dialects select it. */
export interface RankedSectionRow {
  id: number | string;
  space_id: string;
  page_id: string;
}

/** A ranked section from its row, with the dialect's score (higher is more relevant). */
export function toRankedSection(row: RankedSectionRow, score: number): RankedSection {
  // PostgreSQL answers a bigserial as text; the ids of sections stay far below 2^53.
  return { id: Number(row.id), spaceId: row.space_id, pageId: row.page_id, score };
}

/**
 * The text of ranked sections and the title and path of their pages, by section id: what the
 * results of a search show, read only for the sections a page of results holds. A section
 * re-indexed meanwhile is missing from the answer.
 */
export async function readSectionHits(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, SectionHit>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('indexed_sections as s')
    .innerJoin('indexed_pages as p', (join) =>
      join.onRef('p.space_id', '=', 's.space_id').onRef('p.page_id', '=', 's.page_id'),
    )
    .select([
      's.id',
      's.space_id',
      's.page_id',
      'p.title as page_title',
      'p.path as page_path',
      's.anchor',
      's.title as heading',
      's.body',
    ])
    .where('s.id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        spaceId: row.space_id,
        pageId: row.page_id,
        pageTitle: row.page_title,
        pagePath: row.page_path,
        anchor: row.anchor,
        heading: row.heading,
        body: row.body,
      },
    ]),
  );
}

/** Removes the sections of pages (on SQLite, a trigger removes their full-text rows too). */
export async function removePageSections(
  db: Executor,
  spaceId: string,
  pageIds: readonly string[],
): Promise<void> {
  for (const ids of chunks(pageIds)) {
    await db
      .deleteFrom('indexed_sections')
      .where('space_id', '=', spaceId)
      .where('page_id', 'in', ids)
      .execute();
  }
}
