import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest start first, so the last to start is a short one: a fresh clone has no
 * record of earlier runs' durations, by which Vitest would otherwise order them.
 */
const longestFirst = ['embedded-kill', 'hard-kill', 'cluster.test', 's3-conformance'];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const found = longestFirst.findIndex((name) => file.moduleId.includes(name));
      return found === -1 ? longestFirst.length : found;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

// The tests that need the machine's PostgreSQL and real processes (`npm run test:cluster`): the
// cluster (nginx, replicas, Ceph RGW or s3rver), the S3 conformance tests and backup/restore. Never part of `vitest run`.
export default defineConfig({
  test: {
    name: 'cluster',
    root: 'scripts',
    include: ['cluster/*.test.ts', 'backup/*.test.ts'],
    globalSetup: ['cluster/shared-s3.setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Each file starts processes of its own on ports of its own (the cluster 8190-, the hard-kill
    // cluster 8290-, the embedded server 8390, the S3 gateways on free ports) and mostly waits on them:
    // leases, restarts, readiness. Side by side they take the longest file's time, not the sum
    // (decision 154).
    fileParallelism: true,
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
  },
});
