import { defineConfig } from 'vitest/config';

// The tests that need the machine's PostgreSQL and real processes (`npm run test:cluster`): the
// cluster (nginx, replicas, Ceph RGW or s3rver), the S3 conformance tests and backup/restore. Never part of `vitest run`.
export default defineConfig({
  test: {
    name: 'cluster',
    root: 'scripts',
    include: ['cluster/*.test.ts', 'backup/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
