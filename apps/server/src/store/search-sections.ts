import { sql } from 'kysely';
import type { Executor } from './schema.js';
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

/** A section matching a search, with its page; a higher score is more relevant. */
export interface SectionHit {
  spaceId: string;
  pageId: string;
  pageTitle: string;
  pagePath: string;
  anchor: string;
  heading: string;
  body: string;
  score: number;
}

/**
 * The full-text index of the pages of spaces' head revisions: one implementation per dialect
 * (FTS5 on SQLite, a weighted `tsvector` with GIN on PostgreSQL), the same behaviour on both.
 */
export interface SearchIndex {
  /** Stores the sections of a page, replacing those it had; the page record is the caller's. */
  writeSections(
    db: Executor,
    spaceId: string,
    page: IndexedPage,
    sections: readonly IndexedSection[],
  ): Promise<void>;
  /** The best-matching sections in `spaceIds` (every term in one section), best first. */
  search(
    db: Executor,
    spaceIds: readonly string[],
    terms: readonly SearchTerm[],
    limit: number,
  ): Promise<SectionHit[]>;
}

/** What both dialects read of a matching section: the columns of {@link sectionHitColumns}. */
export interface SectionHitRow {
  space_id: string;
  page_id: string;
  page_title: string;
  page_path: string;
  anchor: string;
  heading: string;
  body: string;
}

/** The columns of a hit, over `indexed_sections s` joined to `indexed_pages p`. */
export const sectionHitColumns = sql`s.space_id, s.page_id, p.title AS page_title, p.path AS page_path, s.anchor, s.title AS heading, s.body`;

/** A hit from its row, with the dialect's score (higher is more relevant). */
export function toSectionHit(row: SectionHitRow, score: number): SectionHit {
  return {
    spaceId: row.space_id,
    pageId: row.page_id,
    pageTitle: row.page_title,
    pagePath: row.page_path,
    anchor: row.anchor,
    heading: row.heading,
    body: row.body,
    score,
  };
}

/** Removes the sections of a page (on SQLite, a trigger removes their full-text rows too). */
export async function removePageSections(
  db: Executor,
  spaceId: string,
  pageId: string,
): Promise<void> {
  await db
    .deleteFrom('indexed_sections')
    .where('space_id', '=', spaceId)
    .where('page_id', '=', pageId)
    .execute();
}
