import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['quire-source'] },
  ssr: { resolve: { conditions: ['quire-source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // The files share a worker's loaded modules (no test keeps state in them): importing the
    // highlighter, the parsers and the schema again for each file was most of the run.
    isolate: false,
    // Property and whole-fixture tests take seconds on a quiet machine and several times that
    // while the other suites share its two cores: the limit is there to catch a hang.
    testTimeout: 60_000,
  },
});
