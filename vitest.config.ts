import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const productPasswordCost = 'src/auth/password.test.ts';

// One runner for the whole repository; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default: one worker on a 2-core machine. The test files wait on
    // PGlite, image decoding and files as much as they compute, so two workers on two cores finish the
    // suite in about 60 % of the time (decision 134).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: [productPasswordCost],
          // A cheap password hash for the tests; the product's cost is tested on its own (decision 118).
          setupFiles: ['src/testing/password-cost.setup.ts'],
          // The files of a worker share their imports (the app's module graph costs ~2.3 s to load) and
          // start from one migrated database (decision 154).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The one file that hashes at the product's cost takes the cheap cost's mock back, which only
        // holds in a module graph of its own.
        test: {
          name: 'server-password-cost',
          root: 'apps/server',
          include: [productPasswordCost],
          setupFiles: ['src/testing/password-cost.setup.ts'],
          // Three hashes at the product's cost (about 128 MB and a few hundred ms each): on two busy
          // cores they took more than the default five seconds.
          testTimeout: 30_000,
        },
      },
      'apps/web/vite.config.ts',
      {
        test: { name: 'tools', root: 'tools', include: ['**/*.test.ts'] },
      },
      // The scripts' own checks; the cluster and backup tests need PostgreSQL and run in test:cluster.
      {
        test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] },
      },
    ],
  },
});
