import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pagePreloads } from './build/page-preloads.plugin.ts';
import { precompress } from './build/precompress.plugin.ts';
import { appLayers, appModules } from './build/app-layers.ts';

export default defineConfig({
  plugins: [react(), pagePreloads(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // The libraries every page runs, in the order the entry and boot import them (decision 162): React,
        // zod with its settings, and the rest in one file (decision 166). Split by how the pages share
        // them, they were some forty files of a few hundred bytes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/]api[\\/]zod-settings/,
              priority: 4,
            },
            {
              name: 'libraries',
              test: /node_modules[\\/](intl-messageformat|@formatjs|@tanstack[\\/](query-core|react-query)|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            // The app's own modules, a chunk per layer and per feature (decisions 164 and 166). Their
            // dependencies stay where they are: pulled in, the entry's would take the libraries with them.
            {
              name: appLayers(appModules(path.resolve(import.meta.dirname, 'src'))),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
  test: {
    name: 'web',
    environment: 'jsdom',
    // One jsdom per worker, a fresh module context per file: creating jsdom for each of ~50 files
    // was 40 % of this project's time (decision 154).
    pool: 'vmThreads',
    sequence: { groupOrder: 1 },
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Room for a few waits of src/test/async-timeout.ts on a busy machine.
    testTimeout: 15_000,
  },
});
