import { defineConfig } from 'vitest/config';

// The cluster tests (`npm run test:cluster`): one file, a real cluster on PostgreSQL; never part of `vitest run`.
export default defineConfig({
  test: {
    name: 'cluster',
    root: 'scripts/cluster',
    include: ['*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
