import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ShopOrderChangeResultSchema,
  shopOrdersApi,
  type ShopSuperOrderInput,
} from '@photo/contracts/shop-api';
import { loadConfig } from '../config';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDeliveryAddress } from '../testing/test-orders';
import { shopPath, tokenMatches } from './shop-api.router';

const TOKEN = 'shop-token-for-tests-0123456789abcdef';

const address = testDeliveryAddress();

const superOrder = (overrides: Partial<ShopSuperOrderInput> = {}): ShopSuperOrderInput => ({
  email: 'demo@example.com',
  storefront: 'nl',
  createdAt: '2026-11-01T10:00:00.000Z',
  changedAt: '2026-11-01T10:00:00.000Z',
  deliveryType: 'Home',
  deliveryAddress: address,
  orders: [
    {
      id: 'NL-100-1',
      products: [
        {
          lineId: '1',
          code: 'PAP_910',
          articleName: 'Prints 10x15',
          articleGroup: 'prints',
          quantity: 24,
          unitPrice: 19,
        },
      ],
    },
  ],
  ...overrides,
});

describe('the shop-side API', () => {
  let t: TestApp;
  const auth = { authorization: `Bearer ${TOKEN}` };
  const put = (url: string, payload: object, headers: Record<string, string> = auth) =>
    t.app.inject({ method: 'PUT', url, headers: { host: '127.0.0.1', ...headers }, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1', ...auth } });
  const putOrder = (code: string, body: ShopSuperOrderInput) =>
    put(shopPath(shopOrdersApi.putSuperOrder, { superOrderCode: code }), body);
  const putState = async (orderId: string, state: string, changedAt: string) =>
    ShopOrderChangeResultSchema.parse(
      (await put(shopPath(shopOrdersApi.putState, { orderId }), { state, changedAt })).json(),
    );
  const history = async (orderId: string) =>
    (
      await t.db.query<{ state: string }>(
        'SELECT state FROM order_state_history WHERE order_id = $1 AND applied ORDER BY occurred_at',
        [orderId],
      )
    ).rows.map((row) => row.state);

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN });
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(() => t.close());

  it('answers 401 without the service token, with a wrong one, and with a customer cookie', async () => {
    const url = shopPath(shopOrdersApi.putSuperOrder, { superOrderCode: 'NL-1' });
    expect((await put(url, superOrder(), {})).statusCode).toBe(401);
    expect((await put(url, superOrder(), { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await put(url, superOrder(), { authorization: TOKEN })).statusCode).toBe(401);
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(undefined, TOKEN)).toBe(false);
    const stored = await t.db.query('SELECT 1 FROM super_orders');
    expect(stored.rows).toHaveLength(0);
  });

  it('creates a super order once: the same call again changes nothing', async () => {
    const first = await putOrder('NL-100', superOrder());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      created: true,
      applied: true,
      superOrder: {
        superOrderCode: 'NL-100',
        currency: 'EUR',
        orders: [{ id: 'NL-100-1', state: 'Received', paymentStatus: 'paymentPending' }],
      },
    });
    const again = await putOrder('NL-100', superOrder());
    expect(again.json()).toMatchObject({
      created: false,
      superOrder: shopOrdersApi.putSuperOrder.response.parse(first.json()).superOrder,
    });
    const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_products');
    expect(count.rows[0]!.n).toBe(1);
  });

  it('moves an order forward only: a late or repeated state is history, never a step back', async () => {
    await putOrder('NL-200', superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-200-1' }] }));
    expect(await putState('NL-200-1', 'ProductionStarted', '2026-11-03T08:00:00Z')).toMatchObject({
      applied: true,
      order: { state: 'ProductionStarted' },
    });
    // Confirmed was sent before ProductionStarted but arrives after it.
    expect(await putState('NL-200-1', 'Confirmed', '2026-11-02T08:00:00Z')).toMatchObject({
      applied: false,
      order: { state: 'ProductionStarted' },
    });
    expect((await putState('NL-200-1', 'ProductionStarted', '2026-11-03T08:00:00Z')).applied).toBe(false);
    const stateUrl = shopPath(shopOrdersApi.putState, { orderId: 'NL-200-1' });
    const parcel = { carrier: 'PostNL', number: '3SABCD1234567' };
    const early = { state: 'ProductionCompleted', changedAt: '2026-11-04T08:00:00Z', tracking: parcel };
    expect((await put(stateUrl, early)).json()).toMatchObject({ error: { field: 'body.tracking' } });
    expect((await putState('NL-200-1', 'Dispatched', '2026-11-05T08:00:00Z')).order.state).toBe('Dispatched');
    // Dispatched is final: a cancellation after it changes nothing.
    const cancel = await putState('NL-200-1', 'Cancelled', '2026-11-06T08:00:00Z');
    expect(cancel).toMatchObject({ applied: false, order: { state: 'Dispatched' } });
    expect(await history('NL-200-1')).toEqual(['Received', 'Confirmed', 'ProductionStarted', 'Dispatched']);
  });

  it('cancels before dispatch, and a later state does not revive a cancelled order', async () => {
    await putOrder('NL-300', superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-300-1' }] }));
    expect((await putState('NL-300-1', 'Cancelled', '2026-11-02T08:00:00Z')).order.state).toBe('Cancelled');
    const late = await putState('NL-300-1', 'ProductionStarted', '2026-11-03T08:00:00Z');
    expect(late).toMatchObject({ applied: false, order: { state: 'Cancelled' } });
    const history = await get(shopPath(shopOrdersApi.getSuperOrderHistory, { superOrderCode: 'NL-300' }));
    expect(history.json()).toEqual({
      superOrderCode: 'NL-300',
      orders: [
        {
          id: 'NL-300-1',
          history: [
            { state: 'Received', changedAt: '2026-11-01T10:00:00.000Z', applied: true },
            { state: 'Cancelled', changedAt: '2026-11-02T08:00:00.000Z', applied: true },
            { state: 'ProductionStarted', changedAt: '2026-11-03T08:00:00.000Z', applied: false },
          ],
        },
      ],
    });
    const unknown = shopPath(shopOrdersApi.getSuperOrderHistory, { superOrderCode: 'NL-399' });
    expect((await get(unknown)).statusCode).toBe(404);
  });

  it('cancels a whole super order in one call, leaving a dispatched order as it is', async () => {
    const line = superOrder().orders[0]!;
    await putOrder(
      'NL-310',
      superOrder({
        orders: [
          { ...line, id: 'NL-310-1' },
          { ...line, id: 'NL-310-2' },
        ],
      }),
    );
    await putState('NL-310-2', 'Dispatched', '2026-11-02T08:00:00Z');
    const url = shopPath(shopOrdersApi.cancelSuperOrder, { superOrderCode: 'NL-310' });
    const cancelled = await put(url, { changedAt: '2026-11-03T08:00:00Z' });
    expect(cancelled.json()).toMatchObject({
      orders: [
        { id: 'NL-310-1', applied: true },
        { id: 'NL-310-2', applied: false },
      ],
      superOrder: { orders: [{ state: 'Cancelled' }, { state: 'Dispatched' }] },
    });
    const unknown = shopPath(shopOrdersApi.cancelSuperOrder, { superOrderCode: 'NL-399' });
    expect((await put(unknown, { changedAt: '2026-11-03T08:00:00Z' })).statusCode).toBe(404);
  });

  it('takes a payment status only when it is newer than the one it holds', async () => {
    await putOrder('NL-400', superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-400-1' }] }));
    const url = shopPath(shopOrdersApi.putPayment, { orderId: 'NL-400-1' });
    const paid = await put(url, { paymentStatus: 'paymentSuccess', changedAt: '2026-11-02T09:00:00Z' });
    expect(paid.json()).toMatchObject({
      applied: true,
      order: { paymentStatus: 'paymentSuccess', paymentChangedDate: '2026-11-02T09:00:00.000Z' },
    });
    const stale = await put(url, { paymentStatus: 'paymentFailed', changedAt: '2026-11-02T08:00:00Z' });
    expect(stale.json()).toMatchObject({ applied: false, order: { paymentStatus: 'paymentSuccess' } });
  });

  it('keeps how an order was paid, for its invoice, and refuses a method it does not know', async () => {
    await putOrder('NL-410', superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-410-1' }] }));
    const url = shopPath(shopOrdersApi.putPayment, { orderId: 'NL-410-1' });
    const method = async () =>
      (
        await t.db.query<{ payment_method: string | null }>(
          `SELECT payment_method FROM orders WHERE id = 'NL-410-1'`,
        )
      ).rows[0]!.payment_method;
    const unknown = await put(url, {
      paymentStatus: 'paymentSuccess',
      changedAt: '2026-11-02T09:00:00Z',
      paymentMethod: 'bitcoin',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await method()).toBeNull();
    const paid = await put(url, {
      paymentStatus: 'paymentSuccess',
      changedAt: '2026-11-02T09:00:00Z',
      paymentMethod: 'ideal',
    });
    expect(paid.json()).toMatchObject({ applied: true, order: { paymentStatus: 'paymentSuccess' } });
    expect(await method()).toBe('ideal');
  });

  it('keeps the newer version of a super order when an older one arrives later', async () => {
    const newer = superOrder({
      changedAt: '2026-11-02T10:00:00Z',
      deliveryType: 'PickupPoint',
      deliveryAddress: { ...address, pickupPointName: 'Bruna Centraal' },
      orders: [
        {
          id: 'NL-500-1',
          products: [
            {
              lineId: '1',
              code: 'BOOK_A4',
              articleName: 'Photo book A4',
              articleGroup: 'photoBooks',
              quantity: 2,
              unitPrice: 3999,
            },
          ],
        },
      ],
    });
    await putOrder('NL-500', newer);
    const older = await putOrder(
      'NL-500',
      superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-500-1' }] }),
    );
    expect(older.json()).toMatchObject({
      created: false,
      applied: false,
      superOrder: { deliveryType: 'PickupPoint', changedAt: '2026-11-02T10:00:00.000Z' },
    });
    const products = await t.db.query<{ product_code: string; quantity: number }>(
      `SELECT product_code, quantity FROM order_products WHERE order_id = 'NL-500-1'`,
    );
    expect(products.rows).toEqual([{ product_code: 'BOOK_A4', quantity: 2 }]);
  });

  it('answers the changedAt the super order has, and says which parts of an older PUT it did not apply', async () => {
    const order = (state?: 'Confirmed') => [{ ...superOrder().orders[0]!, id: 'NL-510-1', state }];
    await putOrder('NL-510', superOrder({ changedAt: '2026-11-02T10:00:00Z', orders: order() }));
    const older = await putOrder(
      'NL-510',
      superOrder({
        changedAt: '2026-11-01T12:00:00Z',
        deliveryType: 'PickupPoint',
        orders: order('Confirmed'),
      }),
    );
    expect(older.json()).toMatchObject({
      applied: true,
      parts: {
        superOrder: false,
        orders: [{ id: 'NL-510-1', state: true, payment: false, products: false }],
      },
      superOrder: {
        deliveryType: 'Home',
        changedAt: '2026-11-02T10:00:00.000Z',
        orders: [{ state: 'Confirmed', stateChangedAt: '2026-11-01T12:00:00.000Z' }],
      },
    });
  });

  it('keeps a reported payment when a later super-order PUT sends none, or sends the checkout status again', async () => {
    const order = (payment: object = {}) => [{ ...superOrder().orders[0]!, id: 'NL-520-1', ...payment }];
    await putOrder('NL-520', superOrder({ orders: order({ paymentStatus: 'paymentPending' }) }));
    await put(shopPath(shopOrdersApi.putPayment, { orderId: 'NL-520-1' }), {
      paymentStatus: 'paymentSuccess',
      changedAt: '2026-11-01T11:00:00Z',
    });
    const paid = { paymentStatus: 'paymentSuccess', paymentChangedDate: '2026-11-01T11:00:00.000Z' };
    const without = await putOrder(
      'NL-520',
      superOrder({ changedAt: '2026-11-01T12:00:00Z', orders: order() }),
    );
    expect(without.json()).toMatchObject({ superOrder: { orders: [paid] } });
    const checkout = await putOrder(
      'NL-520',
      superOrder({ changedAt: '2026-11-01T13:00:00Z', orders: order({ paymentStatus: 'paymentPending' }) }),
    );
    expect(checkout.json()).toMatchObject({
      parts: { orders: [{ payment: false }] },
      superOrder: { orders: [paid] },
    });
    // A dated, newer status is a report like the payment call's.
    const refunded = await putOrder(
      'NL-520',
      superOrder({
        changedAt: '2026-11-01T14:00:00Z',
        orders: order({ paymentStatus: 'paymentFailed', paymentChangedDate: '2026-11-01T14:00:00Z' }),
      }),
    );
    expect(refunded.json()).toMatchObject({ superOrder: { orders: [{ paymentStatus: 'paymentFailed' }] } });
  });

  it('sets delivery dates and delivery type, newest report wins', async () => {
    await putOrder('NL-600', superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-600-1' }] }));
    const datesUrl = shopPath(shopOrdersApi.putDeliveryDates, { orderId: 'NL-600-1' });
    await put(datesUrl, { earliest: '2026-11-08', latest: '2026-11-10', changedAt: '2026-11-02T00:00:00Z' });
    const stale = await put(datesUrl, {
      earliest: '2026-11-20',
      latest: '2026-11-21',
      changedAt: '2026-11-01T00:00:00Z',
    });
    expect(stale.json()).toMatchObject({
      applied: false,
      order: { deliveryDates: { earliest: '2026-11-08', latest: '2026-11-10' } },
    });
    const backwards = await put(datesUrl, {
      earliest: '2026-11-12',
      latest: '2026-11-10',
      changedAt: '2026-11-03T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);

    const deliveryUrl = shopPath(shopOrdersApi.putDelivery, { superOrderCode: 'NL-600' });
    const pickup = { ...address, pickupPointName: 'Albert Heijn Spui' };
    const moved = await put(deliveryUrl, {
      deliveryType: 'PickupPoint',
      deliveryAddress: pickup,
      changedAt: '2026-11-02T00:00:00Z',
    });
    expect(moved.json()).toMatchObject({ applied: true, superOrder: { deliveryType: 'PickupPoint' } });
    const old = await put(deliveryUrl, {
      deliveryType: 'Home',
      deliveryAddress: address,
      changedAt: '2026-11-01T12:00:00Z',
    });
    expect(old.json()).toMatchObject({ applied: false, superOrder: { deliveryType: 'PickupPoint' } });

    // What the customer typed at the shop's checkout is kept without bidirectional overrides or
    // control characters, as everything a customer types (decision 118).
    const storedAddress = async (superOrderCode: string) =>
      (
        await t.db.query<{ delivery_address: Record<string, string> }>(
          'SELECT delivery_address FROM super_orders WHERE code = $1',
          [superOrderCode],
        )
      ).rows[0]!.delivery_address;
    const typed = { ...address, firstName: 'Demi\u202E', street: 'Keizers\tgracht\n' };
    await putOrder(
      'NL-601',
      superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-601-1' }], deliveryAddress: typed }),
    );
    expect(await storedAddress('NL-601')).toMatchObject({ firstName: 'Demi', street: 'Keizers gracht' });
    await put(deliveryUrl, {
      deliveryType: 'PickupPoint',
      deliveryAddress: { ...pickup, pickupPointName: 'Albert \u2066Heijn\u2069\u0007 Spui' },
      changedAt: '2026-11-04T00:00:00Z',
    });
    expect(await storedAddress('NL-600')).toMatchObject({ pickupPointName: 'Albert Heijn Spui' });
  });

  it('refuses a super order code or order id of another customer, unknown customers and storefronts', async () => {
    const taken = await putOrder('NL-100', superOrder({ email: 'b2b@example.com' }));
    expect(taken.statusCode).toBe(409);
    const stolenOrder = await putOrder(
      'NL-700',
      superOrder({ orders: [{ ...superOrder().orders[0]!, id: 'NL-100-1' }] }),
    );
    expect(stolenOrder.statusCode).toBe(409);
    expect((await putOrder('NL-701', superOrder({ email: 'nobody@example.com' }))).statusCode).toBe(404);
    expect((await putOrder('NL-702', superOrder({ storefront: 'xx' }))).statusCode).toBe(400);
    const orderId = { ...superOrder().orders[0]!, id: 'NL-703-1' };
    const noCustomer = superOrder({ orders: [orderId] });
    delete noCustomer.email;
    expect((await putOrder('NL-703', noCustomer)).statusCode).toBe(400);
    expect((await get(shopPath(shopOrdersApi.getSuperOrder, { superOrderCode: 'NL-999' }))).statusCode).toBe(
      404,
    );
  });

  it("takes only the storefront's currency and no state before the order was placed", async () => {
    const order = { ...superOrder().orders[0]!, id: 'NL-800-1' };
    const pounds = await putOrder('NL-800', superOrder({ currency: 'GBP', orders: [order] }));
    expect(pounds.statusCode).toBe(400);
    expect(pounds.json()).toMatchObject({ error: { field: 'body.currency' } });
    const early = superOrder({ changedAt: '2026-11-01T09:59:59Z', orders: [order] });
    expect((await putOrder('NL-800', early)).json()).toMatchObject({ error: { field: 'body.changedAt' } });
    const euros = await putOrder('NL-800', superOrder({ currency: 'EUR', orders: [order] }));
    expect(euros.json()).toMatchObject({ created: true, superOrder: { currency: 'EUR' } });
    const url = shopPath(shopOrdersApi.putState, { orderId: 'NL-800-1' });
    const before = await put(url, { state: 'Confirmed', changedAt: '2026-10-31T10:00:00Z' });
    expect(before.statusCode).toBe(400);
    expect((await putState('NL-800-1', 'Confirmed', '2026-11-01T10:00:00Z')).applied).toBe(true);
  });

  it('names the customer by accountId when both accountId and email are sent', async () => {
    const accounts = await t.db.query<{ id: string; email: string }>(
      `SELECT id, email FROM customers WHERE email IN ('demo@example.com', 'b2b@example.com')`,
    );
    const b2b = accounts.rows.find((row) => row.email === 'b2b@example.com')!;
    const both = await putOrder(
      'NL-810',
      superOrder({
        accountId: b2b.id,
        email: 'demo@example.com',
        orders: [{ ...superOrder().orders[0]!, id: 'NL-810-1' }],
      }),
    );
    expect(both.json()).toMatchObject({ created: true, superOrder: { customerId: b2b.id } });
  });

  it('lists super orders in pages, oldest change first, by storefront, customer and changedAt since', async () => {
    const place = (code: string, changedAt: string, email = 'demo@example.com') =>
      putOrder(
        code,
        superOrder({
          email,
          storefront: 'be',
          changedAt,
          orders: [{ ...superOrder().orders[0]!, id: `${code}-1` }],
        }),
      );
    await place('BE-3', '2026-11-03T10:00:00Z');
    await place('BE-1', '2026-11-01T10:00:00Z');
    await place('BE-2', '2026-11-02T10:00:00Z', 'b2b@example.com');
    const page = async (query: string) =>
      shopOrdersApi.listSuperOrders.response.parse(
        (await get(`${shopPath(shopOrdersApi.listSuperOrders)}?${query}`)).json(),
      );
    const codes = (items: Array<{ superOrderCode: string }>) => items.map((item) => item.superOrderCode);
    const first = await page('storefront=be&limit=2');
    expect(codes(first.items)).toEqual(['BE-1', 'BE-2']);
    expect(first.items[0]!.orders).toMatchObject([{ id: 'BE-1-1', state: 'Received' }]);
    const second = await page(`storefront=be&limit=2&cursor=${first.nextCursor}`);
    expect(codes(second.items)).toEqual(['BE-3']);
    expect(second.nextCursor).toBeNull();
    expect(codes((await page('storefront=be&changedSince=2026-11-02T10:00:00Z')).items)).toEqual([
      'BE-2',
      'BE-3',
    ]);
    const b2b = first.items[1]!.customerId;
    expect(codes((await page(`storefront=be&accountId=${b2b}`)).items)).toEqual(['BE-2']);
    const list = shopPath(shopOrdersApi.listSuperOrders);
    expect((await get(`${list}?cursor=not-a-cursor`)).statusCode).toBe(400);
    expect((await get(`${list}?limit=101`)).statusCode).toBe(400);
  });

  it('stores voucher offers and cut-off campaigns, keeping the newer version', async () => {
    const voucherUrl = shopPath(shopOrdersApi.putVoucherOffer, { code: 'XMAS25' });
    const offer = { campaignName: 'christmas', title: '25% off photo books', discountPercent: 25 };
    expect((await put(voucherUrl, { ...offer, changedAt: '2026-11-02T00:00:00Z' })).json()).toEqual({
      applied: true,
    });
    expect(
      (await put(voucherUrl, { ...offer, title: 'old', changedAt: '2026-11-01T00:00:00Z' })).json(),
    ).toEqual({
      applied: false,
    });
    const campaignUrl = shopPath(shopOrdersApi.putCampaign, { storefront: 'nl', name: 'christmas' });
    const campaign = {
      title: 'Order by 18 December for Christmas',
      cutoffs: [{ articleGroup: 'photoBooks', orderBy: '2026-12-18' }],
      changedAt: '2026-11-01T00:00:00Z',
    };
    expect((await put(campaignUrl, campaign)).json()).toEqual({ applied: true });
    const unknown = shopPath(shopOrdersApi.putCampaign, { storefront: 'xx', name: 'christmas' });
    expect((await put(unknown, campaign)).statusCode).toBe(404);
  });
});

describe('a service token rotation', () => {
  const NEW = 'the-new-shop-token-for-tests-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: `${NEW}, ${TOKEN}` });
  });
  afterAll(() => t.close());

  it('takes the new and the old token while both are configured, and no other', async () => {
    const url = shopPath(shopOrdersApi.getSuperOrder, { superOrderCode: 'NL-1' });
    const status = async (token: string) =>
      (await t.app.inject({ url, headers: { host: '127.0.0.1', authorization: `Bearer ${token}` } }))
        .statusCode;
    // 404: past the token check, there is no such super order.
    expect(await status(NEW)).toBe(404);
    expect(await status(TOKEN)).toBe(404);
    expect(await status(`${NEW}${TOKEN}`)).toBe(401);
    expect(() => loadConfig({ SHOP_API_TOKEN: `${NEW},${TOKEN},${NEW}x` })).toThrow(/SHOP_API_TOKEN/);
    expect(() => loadConfig({ SHOP_API_TOKEN: `${NEW},short` })).toThrow(/SHOP_API_TOKEN/);
  });
});

describe('the shop-side API limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN, SHOP_API_CALLS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it("answers 429 with Retry-After past the shop's calls per minute, and guessers do not use them up", async () => {
    const url = shopPath(shopOrdersApi.getSuperOrder, { superOrderCode: 'NL-1' });
    const call = (authorization: string) =>
      t.app.inject({ url, headers: { host: '127.0.0.1', authorization } });
    for (let i = 0; i < 5; i++) expect((await call('Bearer wrong')).statusCode).not.toBe(404);
    for (let i = 0; i < 3; i++) expect((await call(`Bearer ${TOKEN}`)).statusCode).toBe(404);
    const refused = await call(`Bearer ${TOKEN}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'too_many_requests' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
