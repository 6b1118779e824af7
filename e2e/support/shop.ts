import { E2E_PORT, E2E_SHOP_TOKEN } from '../playwright.config';

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

/** Places a super order with one inner order (`{code}-1`) for the account on the storefront. */
export async function placeOrder(options: {
  code: string;
  email: string;
  storefront: string;
  lines: ShopLine[];
}): Promise<string> {
  const now = new Date().toISOString();
  await shopCall('PUT', `/v1/superorders/${options.code}`, {
    email: options.email,
    storefront: options.storefront,
    createdAt: now,
    changedAt: now,
    deliveryType: 'Home',
    deliveryAddress: {
      firstName: 'Bram',
      lastName: 'Bakker',
      street: 'High Street',
      houseNumber: '1',
      postcode: 'EC1A 1BB',
      city: 'London',
      country: 'GB',
      company: '',
      addressLine2: '',
      region: '',
      phone: '',
    },
    orders: [
      {
        id: `${options.code}-1`,
        paymentStatus: 'paymentSuccess',
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

/** Moves an order to a state, now. */
export async function moveOrder(orderId: string, state: string): Promise<void> {
  await shopCall('PUT', `/v1/orders/${orderId}/state`, { state, changedAt: new Date().toISOString() });
}
