import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database/dialect.js';

/**
 * What follows a space's head revision so that reads need not walk its content: the pages with
 * their paths, their sections in a full-text index (FTS5 on SQLite, a weighted `tsvector` with
 * GIN on PostgreSQL), the files by name, and the links written in page bodies, for the space and
 * for the pages a change request changed.
 */
export function searchMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('indexed_pages')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('indexed_pages_key', ['space_id', 'page_id'])
        .execute();
      await db.schema
        .createIndex('indexed_pages_path')
        .on('indexed_pages')
        .columns(['space_id', 'path'])
        .execute();

      await db.schema
        .createTable('indexed_sections')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('anchor', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('indexed_sections_page')
        .on('indexed_sections')
        .columns(['space_id', 'page_id', 'anchor'])
        .execute();
      if (dialect === 'postgres') {
        // Title and headings weigh A, the body B: ts_rank ranks title matches first.
        await sql`ALTER TABLE indexed_sections ADD COLUMN terms tsvector NOT NULL`.execute(db);
        await sql`CREATE INDEX indexed_sections_terms ON indexed_sections USING gin (terms)`.execute(
          db,
        );
      } else {
        // The searchable text, by section rowid; kept in step with its row by the trigger. `space`
        // holds one token naming the space, so a search reads only the matches in its spaces.
        await sql`CREATE VIRTUAL TABLE indexed_sections_fts USING fts5(space, title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(
          db,
        );
        await sql`CREATE TRIGGER indexed_sections_fts_delete AFTER DELETE ON indexed_sections BEGIN DELETE FROM indexed_sections_fts WHERE rowid = old.id; END`.execute(
          db,
        );
      }

      await db.schema
        .createTable('indexed_files')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('indexed_files_key', ['space_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('indexed_files_name')
        .on('indexed_files')
        .columns(['space_id', 'name'])
        .execute();

      // `change_request_id` is empty for the space's head, else the change request whose
      // version of the page wrote the link.
      await db.schema
        .createTable('page_links')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('change_request_id', 'text', (c) => c.notNull())
        // `<page id>/<position>`, zero-padded: the list order and the page token.
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // A page's path, a file's name, or a URL.
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('anchor', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('page_links_key', ['space_id', 'change_request_id', 'key'])
        .execute();
      await db.schema
        .createIndex('page_links_target')
        .on('page_links')
        .columns(['space_id', 'change_request_id', 'kind', 'target'])
        .execute();
      await db.schema
        .createIndex('page_links_page')
        .on('page_links')
        .columns(['space_id', 'change_request_id', 'page_id'])
        .execute();
      await db.schema
        .createIndex('page_links_status')
        .on('page_links')
        .columns(['space_id', 'change_request_id', 'status', 'key'])
        .execute();

      // The pages whose links a change request holds its own version of (deleted ones too).
      await db.schema
        .createTable('change_request_link_pages')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('change_request_id', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('change_request_link_pages_key', [
          'space_id',
          'change_request_id',
          'page_id',
        ])
        .execute();
    },
  };
}
