import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
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
  /** A product code of the shop's catalogue (a line that can be reordered); a made-up one otherwise. */
  productCode?: string;
  articleGroup?: 'prints' | 'photoBooks' | 'wallDecor' | 'cards' | 'gifts';
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
  /** Where the order is; the shop's default is Received (awaiting payment). */
  state?: 'Received' | 'Confirmed' | 'Dispatched';
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
        ...(options.state ? { state: options.state } : {}),
        paymentStatus: options.paymentStatus ?? 'paymentSuccess',
        products: options.lines.map((line, index) => ({
          lineId: String(index + 1),
          code: line.productCode ?? `E2E_${index + 1}`,
          articleName: line.articleName,
          articleGroup: line.articleGroup ?? 'photoBooks',
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
 * Runs the operators' shop command (`npm run shop -- <args>`, apps/server/src/demo/shop-cli.ts)
 * against the server under test; resolves with what it printed.
 */
export async function shopCommand(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/demo/shop-cli.ts', ...args, '--url', `http://127.0.0.1:${E2E_PORT}`],
    { cwd: repositoryRoot, env: { ...process.env, SHOP_API_TOKEN: E2E_SHOP_TOKEN } },
  );
  return stdout;
}

/** A page of a photo book as the shop's renderer sends it: a coloured page with a photo-like block. */
async function photoBookPage(page: number): Promise<string> {
  const hue = (page * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><rect width="1200" height="1200" fill="#fbf8f2"/><rect x="80" y="80" width="1040" height="1040" fill="hsl(${hue},60%,55%)"/><circle cx="${300 + page * 40}" cy="400" r="150" fill="hsl(${(hue + 180) % 360},80%,75%)"/></svg>`;
  return (await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()).toString('base64');
}

/** Publishes an ordered photo book online (docs/shop-integration.md): the book, then each page. */
export async function publishPhotoBook(orderId: string, title: string, pageCount: number): Promise<void> {
  await shopCall('PUT', `/v1/widgets/${orderId}`, { title, pageCount });
  for (let page = 1; page <= pageCount; page += 1) {
    await shopCall('PUT', `/v1/widgets/${orderId}/pages/${page}`, { imageBase64: await photoBookPage(page) });
  }
}

/** Tells the account area why an order cannot become an online photo book. */
export async function blockPhotoBook(orderId: string, title: string, blockedReason: string): Promise<void> {
  await shopCall('PUT', `/v1/widgets/${orderId}`, { title, blockedReason });
}
