import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves the built app at /app, from this package's dist/: no CDN, works offline.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  resolve: { conditions: ['quire-source'] },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { proxy: { '/v1': 'http://127.0.0.1:8080' } },
});
