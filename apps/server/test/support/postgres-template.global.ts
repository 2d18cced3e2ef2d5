import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/store/database/dialect.js';
import { migrateToLatest } from '../../src/store/database/migrate.js';
import { withAdminClient } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test's database is copied from; '' on SQLite. */
    postgresTemplate: string;
  }
}

/**
 * On the PostgreSQL project, migrates one database before the tests and hands its name to them:
 * each test database is then a copy of it (`create database … template`), which takes a tenth
 * of the time of running every migration again. Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.QUIRE_TEST_DATABASE !== 'postgres' || adminUrl === undefined) {
    project.provide('postgresTemplate', '');
    return;
  }
  const name = `quire_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const template = openDatabase(url.toString());
  try {
    await migrateToLatest(template.db, template.dialect);
  } finally {
    // Copying a database needs nobody connected to it.
    await template.db.destroy();
  }
  project.provide('postgresTemplate', name);
  return () =>
    withAdminClient(adminUrl, (client) => client.query(`drop database ${name} with (force)`));
}
