import type { DialectName } from './dialect.js';
import type { Executor } from './schema.js';
import { postgresSearchIndex } from './search-postgres.js';
import { sqliteSearchIndex } from './search-sqlite.js';
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

/** The search index of a dialect. */
export function searchIndexOf(dialect: DialectName): SearchIndex {
  return dialect === 'postgres' ? postgresSearchIndex : sqliteSearchIndex;
}
