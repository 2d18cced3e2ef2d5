import type { DialectName } from '../database/dialect.js';
import { postgresSearchIndex } from './search-postgres.js';
import type { SearchIndex } from './search-sections.js';
import { sqliteSearchIndex } from './search-sqlite.js';

export {
  type IndexedPage,
  type IndexedSection,
  type PageSections,
  type RankedSection,
  readSectionHits,
  type SearchIndex,
  type SectionHit,
} from './search-sections.js';

/** The search index of a dialect. */
export function searchIndexOf(dialect: DialectName): SearchIndex {
  return dialect === 'postgres' ? postgresSearchIndex : sqliteSearchIndex;
}
