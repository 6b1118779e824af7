import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from './demo-accounts';
import { createTestApp, type TestApp } from '../testing/test-app';

const TOKEN = 'shop-token-for-cli-tests-0123456789abcdef';
const cli = path.join(import.meta.dirname, 'shop-cli.ts');
const run = promisify(execFile);

// Every call starts the command line tool afresh (Node, tsx, the server's modules): a few seconds each on
// a busy machine, and a test makes up to seven.
describe('npm run shop', { timeout: 180_000 }, () => {
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
  });

  it('attaches a rendered map poster to an order, and sends a product with its sheet', async () => {
    await shop('place', '--email', 'demo@example.com', '--product', 'poster', '--code', 'NL-43');
    expect(await shop('map-poster', 'NL-43', '--place', 'Haarlem')).toBe(
      'NL-43-1-PDF-1: Map poster Haarlem.pdf',
    );
    const { rows } = await t.db.query<{ name: string; line_id: string }>(
      `SELECT name, line_id FROM order_pdfs WHERE order_id = 'NL-43-1'`,
    );
    expect(rows).toEqual([{ name: 'Map poster Haarlem', line_id: '1' }]);

    const sheet = path.join(t.config.dataDir, 'poster-sheet.pdf');
    await writeFile(sheet, '%PDF-1.7 a product sheet');
    expect(await shop('product', 'WALL_POSTER_A2', '--name', 'Poster A2', '--sheet', sheet)).toBe(
      'WALL_POSTER_A2',
    );
    await writeFile(sheet, '%PDF-1.7 een productblad');
    expect(
      await shop('product', 'WALL_POSTER_A2', '--name', 'Poster A2', '--sheet', sheet, '--language', 'nl-NL'),
    ).toBe('WALL_POSTER_A2');
    const files = await t.db.query<{ file_name: string; language: string }>(
      `SELECT file_name, language FROM product_information_files
        WHERE product_code = 'WALL_POSTER_A2' AND purpose = 'product.pdf' ORDER BY language`,
    );
    expect(files.rows).toEqual([
      { file_name: 'poster-sheet.pdf', language: '' },
      { file_name: 'poster-sheet.pdf', language: 'nl-NL' },
    ]);
  });

  it('shares a customer album for a migration, which customers can no longer do themselves', async () => {
    const demo = await createCustomersRepository(t.db).findActiveByEmail('demo@example.com');
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO albums (id, owner_id, name) VALUES (gen_random_uuid(), $1, 'Migrated') RETURNING id`,
      [demo!.id],
    );
    expect(await shop('share-album', rows[0]!.id, '--email', 'b2b@example.com')).toBe('b2b@example.com');
  });
});
