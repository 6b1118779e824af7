import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pagePreloads } from './build/page-preloads.plugin.ts';

export default defineConfig({
  plugins: [react(), pagePreloads()],
  build: { target: 'es2022', sourcemap: true },
  server: { port: 5173 },
  test: {
    name: 'web',
    environment: 'jsdom',
    // One jsdom per worker, a fresh module context per file: creating jsdom for each of ~50 files
    // was 40 % of this project's time (decision 154).
    pool: 'vmThreads',
    sequence: { groupOrder: 1 },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
