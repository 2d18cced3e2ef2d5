import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { testFilesWithoutDatabase } from './test/support/database-free-files.js';

// Every test runs on SQLite; with TEST_DATABASE_URL set, those that open the test database run
// again on PostgreSQL.
const databases = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
// Files that never open the test database (the CLI's and first start's own SQLite files, the
// document converter, the sandbox) would test the same thing twice: they run on SQLite's pass.
const sqliteOnly = testFilesWithoutDatabase('test', import.meta.dirname);
// What a person sees in a browser is the same on either database, and the API beneath it is
// tested on both: the published sites' browser suite runs on SQLite's pass only, and the
// editor's runs its end-to-end flows on both (see the file).
const browserSuites = ['test/site-browser.test.ts'];

export default defineConfig({
  // The workspace's packages are read from their sources under an export condition of our own:
  // other packages (Hocuspocus, eventsource-parser) publish their TypeScript under `source`.
  resolve: { conditions: ['quire-source'] },
  ssr: { resolve: { conditions: ['quire-source'] } },
  test: {
    // Many tests start a server on a fresh database and some make PDFs on worker threads: on a
    // busy shared runner (PostgreSQL creating databases, two cores) five seconds is too tight.
    testTimeout: 20_000,
    // Hooks start servers, databases and child processes: on a busy two-core machine they take
    // longer than vitest's ten seconds.
    hookTimeout: 60_000,
    // What a test waits to see (a browser's page redrawing, a save landing) is polled: its second
    // by default passed on a quiet machine and failed on a busy one. The limit catches a hang.
    expect: { poll: { timeout: 20_000 } },
    // Every file starts its own servers on databases of its own, so files share a worker's loaded
    // modules instead of importing the server again each (that import was a third of the run).
    isolate: false,
    // Much of a file's time is spent waiting on child processes, Chromium and PostgreSQL: two
    // files at once keep a two-core machine busy where vitest's default (cores - 1) runs one.
    // (Three at once ran the suite no faster: 561 s against 558.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: [
      'test/support/fast-check-seed.global.ts',
      'test/support/postgres-template.global.ts',
    ],
    setupFiles: ['test/support/fast-check-seed.setup.ts'],
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        env: { QUIRE_TEST_DATABASE: database },
        ...(database === 'sqlite'
          ? {}
          : { exclude: [...configDefaults.exclude, ...sqliteOnly, ...browserSuites] }),
      },
    })),
  },
});
