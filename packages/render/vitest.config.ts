import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['quire-source'] },
  ssr: { resolve: { conditions: ['quire-source'] } },
  test: {
    include: ['test/**/*.test.ts'],
  },
});
