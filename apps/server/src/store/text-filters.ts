import { type RawBuilder, sql } from 'kysely';

/**
 * A condition that `column` contains `text`, whatever the case of either: SQL `LIKE` on the
 * lower-cased column, with the wildcards of `text` taken literally. Both dialects read it alike.
 * @example query.where(containsIgnoringCase('teams.title', 'Docs'))
 */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}
