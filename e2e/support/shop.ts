import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_PORT, E2E_SHOP_TOKEN } from '../playwright.config';
import { serverTime } from './clock';

/** Reports to the test server as the shop does (docs/shop-integration.md), with the shop's token. */
async function shopCall(method: 'PUT' | 'GET', path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORT}/shop-api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${E2E_SHOP_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`shop call ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export interface ShopLine {
  articleName: string;
  quantity: number;
  /** Minor units, net. */
  unitPrice: number;
}

/**
 * Places a super order with one inner order (`{code}-1`) for the account on the storefront, at the
 * server's time (a story may have moved it), paid unless told otherwise.
 */
export async function placeOrder(options: {
  code: string;
  email: string;
  storefront: string;
  lines: ShopLine[];
  paymentStatus?: 'paymentPending' | 'paymentSuccess';
}): Promise<string> {
  const now = await serverTime();
  await shopCall('PUT', `/v1/superorders/${options.code}`, {
    email: options.email,
    storefront: options.storefront,
    createdAt: now,
    changedAt: now,
    deliveryType: 'Home',
    deliveryAddress: {
      country: 'GB',
      firstName: 'Bram',
      lastName: 'Bakker',
      company: '',
      street: 'High Street',
      houseNumber: '1',
      addressLine2: '',
      postcode: 'EC1A 1BB',
      city: 'London',
      region: '',
      phone: '',
    },
    orders: [
      {
        id: `${options.code}-1`,
        paymentStatus: options.paymentStatus ?? 'paymentSuccess',
        products: options.lines.map((line, index) => ({
          lineId: String(index + 1),
          code: `E2E_${index + 1}`,
          articleName: line.articleName,
          articleGroup: 'photoBooks',
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        })),
      },
    ],
  });
  return `${options.code}-1`;
}

/** Moves an order to a state, at the server's time. */
export async function moveOrder(orderId: string, state: string): Promise<void> {
  await shopCall('PUT', `/v1/orders/${orderId}/state`, { state, changedAt: await serverTime() });
}

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the operators' shop command (`npm run shop -- <args>`, apps/server/src/shop-api/shop-cli.ts)
 * against the server under test; resolves with what it printed.
 */
export async function shopCommand(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/shop-api/shop-cli.ts',
      ...args,
      '--url',
      `http://127.0.0.1:${E2E_PORT}`,
    ],
    { cwd: repositoryRoot, env: { ...process.env, SHOP_API_TOKEN: E2E_SHOP_TOKEN } },
  );
  return stdout;
}
