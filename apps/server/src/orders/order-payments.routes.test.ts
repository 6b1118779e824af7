import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, serviceBasePath, type Endpoint } from '@photo/contracts/endpoint';
import { ordersApi, SuperOrderDetailsSchema } from '@photo/contracts/orders';
import { demoProduct } from '../demo/demo-orders';
import { movableClock } from '../platform/clock';
import { storefronts } from '../storefronts/storefronts';
import { mailsTo } from '../testing/mailbox';
import { signInDemoAccounts, type SignedInCustomer } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDeliveryAddress } from '../testing/test-orders';
import { decideOnTestPaymentPage } from '../testing/test-payment-page';

const nl = storefronts.find((storefront) => storefront.id === 'nl')!;

describe('paying for an order, cancelling it, reordering it with a saved card, and its mails (issue 20)', () => {
  let t: TestApp;
  let demo: SignedInCustomer;
  let stranger: SignedInCustomer;
  const clock = movableClock();
  let serial = 0;

  const url = (endpoint: Endpoint, params?: Record<string, unknown>, query = '') =>
    `${serviceBasePath(endpoint.service)}${buildPath(endpoint.path, params)}${query}`;
  const call = (who: SignedInCustomer, method: 'GET' | 'POST' | 'PUT', address: string, payload?: object) =>
    t.app.inject({ method, url: address, headers: who.headers, ...(payload ? { payload } : {}) });
  const details = async (code: string) =>
    SuperOrderDetailsSchema.parse(
      (await call(demo, 'GET', url(ordersApi.superOrder, { orderCode: code }))).json(),
    );
  /** An order the shop's checkout placed and the customer has not paid yet (10 photo prints, home delivery). */
  const placeUnpaid = async () => {
    serial += 1;
    const code = `NL-UNPAID-${serial}`;
    const now = clock.now().toISOString();
    await t.app.shopApi.orders.putSuperOrder(code, {
      accountId: demo.customerId,
      storefront: 'nl',
      createdAt: now,
      changedAt: now,
      deliveryType: 'Home',
      deliveryAddress: testDeliveryAddress(),
      deliveryPrice: 399,
      orders: [{ id: `${code}-1`, products: [demoProduct('prints', '1', 10, nl)] }],
    });
    return code;
  };
  const payNow = (code: string, who = demo) =>
    call(who, 'POST', url(ordersApi.payOrder, { orderCode: code }));
  const cancel = (code: string, who = demo) =>
    call(who, 'POST', url(ordersApi.cancelOrder, { orderCode: code }));
  /** The browser's way back from the provider: the return address, as the signed-in customer. */
  const comeBack = (location: string, who = demo) =>
    t.app.inject({ url: new URL(location).pathname, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' }, { clock });
    [demo, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
  });
  afterAll(() => t.close());

  it('pays an order awaiting payment with Pay now; a forged return or decision changes nothing', async () => {
    const code = await placeUnpaid();
    expect(await details(code)).toMatchObject({ status: 'AwaitingPayment', canPay: true, canCancel: true });
    expect((await payNow(code, stranger)).statusCode).toBe(404);

    const started = await payNow(code);
    expect(started.statusCode).toBe(201);
    const { continueTo } = ordersApi.payOrder.response.parse(started.json());
    expect(continueTo).toMatch(/^http:\/\/nl\.localhost:8080\/test-payments\/[\w-]{43}$/);
    const page = await t.app.inject({
      url: new URL(continueTo).pathname,
      headers: { host: 'nl.localhost:8080' },
    });
    // 10 prints at €0.19 and €3.99 delivery: what the order costs, not what a page says.
    expect(page.body).toMatch(/Bedrag: €\s5,89/);

    // A forged decision (only the session's address and the shop's Origin) and a return without paying.
    const forged = await t.app.inject({
      method: 'POST',
      url: new URL(continueTo).pathname,
      headers: {
        host: 'nl.localhost:8080',
        origin: 'http://nl.localhost:8080',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'decision=pay',
    });
    expect(forged.statusCode).toBe(403);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM payments WHERE purpose = 'order' AND reference = $1`,
      [code],
    );
    const returnPath = `/payments/return/${rows[0]!.id}`;
    await t.app.inject({ url: returnPath, headers: demo.headers });
    await t.app.jobs.drain();
    expect(await details(code)).toMatchObject({
      status: 'AwaitingPayment',
      orders: [{ paymentStatus: 'paymentPending' }],
    });
    const receiptsBefore = (await mailsTo(t, 'demo@example.com')).filter(
      (mail) => mail.template === 'order.payment-received' && mail.subject.includes(code),
    );
    expect(receiptsBefore).toEqual([]);

    // The customer pays on the page: the provider's word confirms the order.
    const paid = await decideOnTestPaymentPage(t, continueTo, 'pay');
    const landed = await comeBack(paid.headers.location!);
    expect(landed.headers.location).toBe(`/orders/${code}/thank-you`);
    expect(await details(code)).toMatchObject({
      status: 'Ordered',
      canPay: false,
      canCancel: false,
      orders: [{ state: 'Confirmed', paymentStatus: 'paymentSuccess' }],
    });
    // Coming back again sends no second receipt.
    await comeBack(paid.headers.location!);
    const receipts = (await mailsTo(t, 'demo@example.com')).filter(
      (mail) => mail.template === 'order.payment-received' && mail.subject.includes(code),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Betaling ontvangen voor bestelling ${code}`);
    expect(receipts[0]!.text).toContain('10 × Fotoafdrukken 10 × 15 cm');
    expect(receipts[0]!.text).toContain('€ 5,89');
    expect((await payNow(code)).statusCode).toBe(409);
  });

  it('marks a failed payment and offers to pay again', async () => {
    const code = await placeUnpaid();
    const { continueTo } = ordersApi.payOrder.response.parse((await payNow(code)).json());
    const failed = await decideOnTestPaymentPage(t, continueTo, 'fail');
    expect((await comeBack(failed.headers.location!)).headers.location).toBe(
      `/orders/${code}?payment=failed`,
    );
    expect(await details(code)).toMatchObject({
      status: 'AwaitingPayment',
      canPay: true,
      orders: [{ paymentStatus: 'paymentFailed' }],
    });
  });

  it('cancels an unpaid order for its customer only, and not while a payment of it is open', async () => {
    const code = await placeUnpaid();
    expect((await cancel(code, stranger)).statusCode).toBe(404);
    expect((await details(code)).status).toBe('AwaitingPayment');
    const cancelled = await cancel(code);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ orderCode: code, status: 'Cancelled' });
    expect(await details(code)).toMatchObject({ status: 'Cancelled', canPay: false, canCancel: false });
    expect((await cancel(code)).statusCode).toBe(409);
    expect((await payNow(code)).statusCode).toBe(409);

    // The customer is on the provider's page: the payment may still succeed, so it cannot be cancelled.
    const open = await placeUnpaid();
    await payNow(open);
    expect((await cancel(open)).statusCode).toBe(409);
    expect((await details(open)).status).toBe('AwaitingPayment');
  });

  it('reorders with a saved card: reviewed, charged through the provider, confirmed, mailed', async () => {
    // The card is saved on the provider's page first (nothing charged): the provider keeps a mandate.
    const saving = await call(demo, 'PUT', '/api/customers/customers/me/payment-method', { method: 'card' });
    const back = await decideOnTestPaymentPage(t, saving.json<{ redirectUrl: string }>().redirectUrl, 'pay');
    await comeBack(back.headers.location!);

    const original = await placeUnpaid();
    await payNow(original).then(async (started) => {
      const paid = await decideOnTestPaymentPage(t, started.json<{ continueTo: string }>().continueTo, 'pay');
      await comeBack(paid.headers.location!);
    });
    const quote = ordersApi.reorderQuote.response.parse(
      (await call(demo, 'GET', url(ordersApi.reorderQuote, { orderCode: original }))).json(),
    );
    expect(quote).toMatchObject({
      payment: { method: 'card', how: 'savedMethod' },
      deliveryType: 'Home',
      deliveryAddress: { street: 'Keizersgracht' },
      lines: [{ articleName: 'Fotoafdrukken 10 × 15 cm', quantity: 10, unitPrice: 19 }],
      totalPrice: 10 * 19 + 399,
    });

    const reorder = (confirmedTotal: number) =>
      call(demo, 'POST', url(ordersApi.reorder, undefined, `?OrderCode=${original}`), { confirmedTotal });
    const before = (await t.db.query('SELECT code FROM super_orders')).rows.length;
    // A total the customer did not see places nothing.
    expect((await reorder(quote.totalPrice - 1)).statusCode).toBe(409);
    expect((await t.db.query('SELECT code FROM super_orders')).rows).toHaveLength(before);

    const placed = ordersApi.reorder.response.parse((await reorder(quote.totalPrice)).json());
    expect(placed.continueTo).toBe(`/orders/${placed.orderCode}/thank-you`);
    expect(await details(placed.orderCode)).toMatchObject({
      reorderOf: original,
      status: 'Ordered',
      totalPrice: quote.totalPrice,
      orders: [{ paymentStatus: 'paymentSuccess' }],
    });
    const { rows } = await t.db.query<{ status: string; amount_minor: string | number }>(
      `SELECT status, amount_minor FROM payments WHERE purpose = 'order' AND reference = $1`,
      [placed.orderCode],
    );
    expect(rows.map((row) => [row.status, Number(row.amount_minor)])).toEqual([['paid', quote.totalPrice]]);
    const mails = (await mailsTo(t, 'demo@example.com')).filter((mail) =>
      mail.subject.includes(placed.orderCode),
    );
    expect(mails.map((mail) => mail.template).sort()).toEqual([
      'order.confirmation',
      'order.payment-received',
    ]);
  });

  it('mails "sent" with the planned delivery dates when the shop dispatches, once, in the order’s language', async () => {
    const code = await placeUnpaid();
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();
    await t.app.shopApi.orders.putDeliveryDates(`${code}-1`, {
      earliest: '2026-12-02',
      latest: '2026-12-04',
      changedAt: at(1),
    });
    await t.app.shopApi.orders.putState(`${code}-1`, 'Dispatched', at(2));
    await t.app.shopApi.orders.putState(`${code}-1`, 'Dispatched', at(3));
    const sent = (await mailsTo(t, 'demo@example.com')).filter(
      (mail) => mail.template === 'order.sent' && mail.subject.includes(code),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Je bestelling ${code} is onderweg`);
    expect(sent[0]!.text).toContain(
      'Verwachte bezorging: tussen woensdag 2 december 2026 en vrijdag 4 december 2026.',
    );
    expect(sent[0]!.links).toContain(`http://nl.localhost:8080/orders/${code}`);
  });

  it('leaves the "sent" mail to the shop where the deployment says the shop mails its own', async () => {
    const own = await createTestApp({ ORDER_SENT_MAILS: 'false' }, { db: t.db });
    try {
      const code = await placeUnpaid();
      const at = new Date(clock.now().getTime() + 60_000).toISOString();
      await own.app.shopApi.orders.putState(`${code}-1`, 'Dispatched', at);
      const sent = (await mailsTo(t, 'demo@example.com')).filter(
        (mail) => mail.template === 'order.sent' && mail.subject.includes(code),
      );
      expect(sent).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
