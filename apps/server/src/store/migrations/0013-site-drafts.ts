import type { Kysely, Migration } from 'kysely';

const tables = ['site_section_groups', 'site_sections', 'site_spaces'] as const;

/**
 * Drafts in a site's structure: a section group, section or site space marked draft is kept out
 * of what the site publishes until it is marked live. Everything before this was live.
 */
export function siteDraftsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of tables) {
        await db.schema
          .alterTable(table)
          .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of tables) await db.schema.alterTable(table).dropColumn('draft').execute();
    },
  };
}
