import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, headlessShellPath } from './chromium-path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
/** A receiver of B2B callbacks on this machine (e2e/tests/integration.spec.ts), exempt from the https rule. */
export const CALLBACK_RECEIVER_PORT = E2E_PORT + 1000;
/** The shop's service token of the server under test: the tests act as the shop (shop-side API). */
export const E2E_SHOP_TOKEN = 'e2e-shop-service-token-0123456789abcdef';
const dataDir = mkdtempSync(path.join(tmpdir(), 'photo-e2e-'));

/** Stories that move the server's clock (support/clock.ts) carry this tag and run alone, last. */
export const SERVER_CLOCK_TAG = '@server-clock';
const clockStories = new RegExp(SERVER_CLOCK_TAG);
/**
 * The stories that sign in as the seeded demo accounts and change what they have (orders, invoices,
 * albums, projects, sign-in attempts): one story counts what another adds to, so they take turns.
 */
const demoDataStories = [
  'accessibility',
  'account-lifecycle',
  'albums-demo',
  'integration',
  'invoices',
  'orders',
  'pdfs',
  'prints-orders',
  'registration',
  'saved-projects',
  'shell',
  'sign-in',
].map((name) => `${name}.spec.ts`);
/** Every page in every language as the demo accounts: it only looks, so its pages can run side by side. */
const qualitySweep = 'quality-sweep.spec.ts';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  // Three rounds on two workers (decision 134): the demo accounts' stories on one worker beside the
  // stories of throwaway customers on the other; then the quality sweep, with nobody changing the demo
  // data under it (it starts when the demo round ends and takes the second worker when the throwaway
  // customers' stories are done: they never touch the demo accounts); then the stories that move the
  // server's clock, alone.
  projects: [
    { name: 'demo data', testMatch: demoDataStories, grepInvert: clockStories, workers: 1 },
    { name: 'stories', testIgnore: [...demoDataStories, qualitySweep], grepInvert: clockStories },
    {
      name: 'quality sweep',
      testMatch: qualitySweep,
      fullyParallel: true,
      dependencies: ['demo data'],
    },
    { name: 'server clock', grep: clockStories, workers: 1, dependencies: ['quality sweep', 'stories'] },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://nl.localhost:${E2E_PORT}`,
    // Recording a trace costs every test about a tenth of its CPU (DOM snapshots per action, a
    // screencast), and CI keeps no files: traces only when asked for (decision 154).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: headlessShellPath(),
      args: chromiumArgs,
    },
  },
  webServer: {
    // The built server (`npm run build`, which test:e2e runs first), as production starts it.
    command: 'node ../apps/server/dist/server.js',
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      // The local test payment page: stories pay and fail payments on it.
      TEST_PAYMENTS: 'true',
      // Every story that needs a fresh customer registers one from this machine's one address.
      REGISTRATIONS_PER_HOUR: '500',
      CALLBACK_ALLOWED_ORIGINS: `http://127.0.0.1:${CALLBACK_RECEIVER_PORT}`,
      SHOP_API_TOKEN: E2E_SHOP_TOKEN,
      // Stories of time ('after 14 days the order is history') move the server's clock (support/clock.ts).
      TEST_CLOCK: 'true',
    },
  },
});
