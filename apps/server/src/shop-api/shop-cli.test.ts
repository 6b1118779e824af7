import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { createTestApp, type TestApp } from '../testing/test-app';

const TOKEN = 'shop-token-for-cli-tests-0123456789abcdef';
const cli = path.join(import.meta.dirname, 'shop-cli.ts');
const run = promisify(execFile);

describe('npm run shop', () => {
  let t: TestApp;
  let url: string;
  const shop = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, ...args, '--url', url], {
      env: { ...process.env, SHOP_API_TOKEN: TOKEN, DATA_DIR: t.config.dataDir },
    });
    return stdout.trim();
  };

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN });
    await seedDemoAccounts(createCustomersRepository(t.db));
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('places an order for a customer, advances it, and cannot cancel it once dispatched', async () => {
    expect(
      await shop('place', '--email', 'demo@example.com', '--product', 'photoBook', '--code', 'NL-42'),
    ).toBe('NL-42');
    expect(await shop('advance', 'NL-42')).toBe('NL-42-1: Received -> Confirmed');
    expect(await shop('pay', 'NL-42')).toBe('NL-42-1: paymentSuccess');
    expect(await shop('dispatch', 'NL-42-1')).toBe('NL-42-1: Confirmed -> Dispatched');
    expect(await shop('cancel', 'NL-42')).toBe('NL-42-1: Dispatched -> Dispatched (unchanged)');
    const shown = JSON.parse(await shop('show', 'NL-42')) as { orders: Array<{ state: string }> };
    expect(shown.orders.map((order) => order.state)).toEqual(['Dispatched']);
  }, 60_000);
});
