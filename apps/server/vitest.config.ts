import { defineConfig } from 'vitest/config';

// Every test runs on SQLite; with TEST_DATABASE_URL set, the same tests run again on PostgreSQL.
const databases = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: databases.map((database) => ({
      extends: true,
      test: { name: database, env: { QUIRE_TEST_DATABASE: database } },
    })),
  },
});
