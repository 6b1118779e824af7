import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium-path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
/** A receiver of B2B callbacks on this machine (e2e/tests/integration.spec.ts), exempt from the https rule. */
export const CALLBACK_RECEIVER_PORT = E2E_PORT + 1000;
/** The shop's service token of the server under test: the tests act as the shop (shop-side API). */
export const E2E_SHOP_TOKEN = 'e2e-shop-service-token-0123456789abcdef';
const dataDir = mkdtempSync(path.join(tmpdir(), 'photo-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://nl.localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: chromiumArgs,
    },
  },
  webServer: {
    command: 'node --import tsx ../apps/server/src/server.ts',
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
