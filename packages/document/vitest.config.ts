import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/fast-check-seed.global.ts'],
    setupFiles: ['test/support/fast-check-seed.setup.ts'],
  },
});
