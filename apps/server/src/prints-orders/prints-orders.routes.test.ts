import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi } from '@photo/contracts/orders';
import { PAYMENTS_RECONCILE_JOB } from '../payments/payments.service';
import { movableClock } from '../platform/clock';
import { enqueueJob } from '../platform/job-queue';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { testAddressInput } from '../testing/test-addresses';
import { createTestApp, type TestApp } from '../testing/test-app';
import { decideOnTestPaymentPage } from '../testing/test-payment-page';
import { insertTestPhotos } from '../testing/test-photos';
import { PRINTS_CHECKOUTS_HOUSEKEEPING_JOB, superOrderCodeFor } from './prints-orders.service';

describe(`prints ordered through the prints-order page (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedInCustomer;
  let stranger: SignedIn;
  let ownerId: string;
  const host = 'uk.localhost:8080';

  const selectPhotos = async (count: number) => {
    const photoIds = await insertTestPhotos(
      t.db,
      ownerId,
      Array.from({ length: count }, () => null),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/temp-selections/temp-selections',
      headers: owner.headers,
      payload: { photoIds },
    });
    return created.json<{ tempSelectionId: string }>().tempSelectionId;
  };
  const checkout = (who: SignedIn, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/prints-orders/checkouts',
      headers: who.headers,
      payload: body,
    });
  const decide = (paymentUrl: string, decision: 'pay' | 'fail') =>
    decideOnTestPaymentPage(t, paymentUrl, decision);
  const comeBack = (who: SignedIn, location: string) =>
    t.app.inject({ url: new URL(location).pathname, headers: who.headers });
  const paymentPage = (paymentUrl: string) =>
    t.app.inject({ url: new URL(paymentUrl).pathname, headers: { host } });

  const clock = movableClock();

  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' }, { clock });
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com'], { host });
    ownerId = owner.customerId;
  });
  afterAll(() => t.close());

  it('charges the catalogue’s price, and a paid checkout becomes one order in Orders', async () => {
    const tempSelectionId = await selectPhotos(3);
    const started = await checkout(owner, {
      tempSelectionId,
      articleCode: 'PAP_910',
      sizeCode: '13x18',
      paperCode: 'matte',
      finishCode: 'white-border',
      quantity: 2,
      deliveryType: 'PickupPoint',
      pickupPointId: 'south',
    });
    expect(started.statusCode).toBe(201);
    const { paymentUrl } = started.json<{ paymentUrl: string }>();
    expect(paymentUrl).toMatch(/^http:\/\/uk\.localhost:8080\/test-payments\//);
    // 3 photos x 2 copies x £0.35 + £1.99 pickup point delivery.
    expect((await paymentPage(paymentUrl)).body).toContain('Amount: £4.09');

    const paid = await decide(paymentUrl, 'pay');
    const landed = await comeBack(owner, paid.headers.location!);
    expect(landed.statusCode).toBe(303);
    const orderPath = landed.headers.location!;
    // Paid: the customer lands on the order's thank-you page, not on bare details.
    expect(orderPath).toMatch(/^\/orders\/PR-[0-9A-F]{10}\/thank-you$/);
    const orderCode = decodeURIComponent(orderPath.split('/')[2]!);
    // Coming back again (a reload) places nothing twice.
    expect((await comeBack(owner, paid.headers.location!)).headers.location).toBe(orderPath);

    const details = await t.app.inject({
      url: `/api/orders/v1/superorders/${orderCode}`,
      headers: owner.headers,
    });
    expect(details.statusCode).toBe(200);
    const order = ordersApi.superOrder.response.parse(details.json());
    expect(order.deliveryType).toBe('PickupPoint');
    // The order costs what the customer paid: the prints and the delivery to the pickup point.
    expect(order).toMatchObject({ deliveryPrice: 199, totalPrice: 409 });
    expect(order.deliveryAddress).toMatchObject({
      pickupPointName: 'PhotoShop Brixton',
      country: 'GB',
      street: 'Brixton Road',
      houseNumber: '48',
      postcode: 'SW9 6BT',
    });
    const products = order.orders.flatMap((inner) => inner.products);
    expect(products).toHaveLength(3);
    // The line carries the product code of the chosen size, so a reorder finds the same size again.
    expect(products.every((p) => p.code === 'PAP_1318' && p.quantity === 2 && p.unitPrice === 35)).toBe(true);
    const list = await t.app.inject({ url: '/api/orders/v2/superorders/me', headers: owner.headers });
    expect(JSON.stringify(list.json())).toContain(orderCode);
    // Another customer cannot follow the payment back.
    expect((await comeBack(stranger, paid.headers.location!)).statusCode).toBe(404);
  });

  it('orders nothing when the payment fails, and leads back to the page to try again', async () => {
    const tempSelectionId = await selectPhotos(1);
    const { paymentUrl } = (
      await checkout(owner, {
        tempSelectionId,
        articleCode: 'PAP_910',
        sizeCode: '10x15',
        quantity: 1,
        deliveryType: 'PickupPoint',
        pickupPointId: 'central',
      })
    ).json<{ paymentUrl: string }>();
    const before = (await t.db.query('SELECT code FROM super_orders')).rows.length;
    const failed = await decide(paymentUrl, 'fail');
    const back = await comeBack(owner, failed.headers.location!);
    expect(back.headers.location).toBe(
      `/prints-order?tempSelectionId=${tempSelectionId}&productCode=PAP_910&payment=failed`,
    );
    expect((await t.db.query('SELECT code FROM super_orders')).rows.length).toBe(before);
  });

  it('delivers home to one of the caller’s saved addresses only', async () => {
    const tempSelectionId = await selectPhotos(1);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/customers/customers/me/addresses',
      headers: owner.headers,
      payload: testAddressInput({ postcode: '1012 LG', isDefaultBilling: false }),
    });
    expect(saved.statusCode).toBe(201);
    const addressId = saved.json<{ id: string }>().id;
    const body = {
      tempSelectionId,
      articleCode: 'PAP_910',
      sizeCode: '10x15',
      quantity: 1,
      deliveryType: 'Home',
    };
    expect((await checkout(stranger, { ...body, addressId })).statusCode).toBe(404);
    const { paymentUrl } = (await checkout(owner, { ...body, addressId })).json<{ paymentUrl: string }>();
    // £0.17 + £3.49 home delivery.
    expect((await paymentPage(paymentUrl)).body).toContain('Amount: £3.66');
    const paid = await decide(paymentUrl, 'pay');
    const orderCode = decodeURIComponent(
      (await comeBack(owner, paid.headers.location!)).headers.location!.split('/')[2]!,
    );
    const order = ordersApi.superOrder.response.parse(
      (await t.app.inject({ url: `/api/orders/v1/superorders/${orderCode}`, headers: owner.headers })).json(),
    );
    expect(order.deliveryType).toBe('Home');
    expect(order.deliveryAddress).toMatchObject({ street: 'Damrak', city: 'Amsterdam' });
  });

  it('refuses another customer’s selection, unknown options and a delivery without its place', async () => {
    const tempSelectionId = await selectPhotos(1);
    const base = {
      tempSelectionId,
      articleCode: 'PAP_910',
      sizeCode: '10x15',
      quantity: 1,
      deliveryType: 'PickupPoint',
      pickupPointId: 'central',
    };
    expect((await checkout(stranger, base)).statusCode).toBe(404);
    expect((await checkout(owner, { ...base, sizeCode: '1x1' })).statusCode).toBe(400);
    expect((await checkout(owner, { ...base, articleCode: 'BOOK_A4' })).statusCode).toBe(400);
    expect((await checkout(owner, { ...base, pickupPointId: 'nowhere' })).statusCode).toBe(400);
    expect((await checkout(owner, { ...base, quantity: 100 })).statusCode).toBe(400);
    expect(
      (await checkout(owner, { ...base, deliveryType: 'Home', pickupPointId: undefined })).statusCode,
    ).toBe(400);
    const { rows } = await t.db.query('SELECT id FROM prints_checkouts WHERE temp_selection_id = $1', [
      tempSelectionId,
    ]);
    expect(rows).toHaveLength(0);
  });
  it('places the order of a customer who paid and closed the browser; deletes checkouts left unpaid for 30 days', async () => {
    const start = async () =>
      (
        await checkout(owner, {
          tempSelectionId: await selectPhotos(1),
          articleCode: 'PAP_910',
          sizeCode: '10x15',
          quantity: 1,
          deliveryType: 'PickupPoint',
          pickupPointId: 'central',
        })
      ).json<{ checkoutId: string; paymentUrl: string }>();
    const unpaid = await start();
    const failed = await start();
    await decide(failed.paymentUrl, 'fail');
    const paidNotBack = await start();
    await decide(paidNotBack.paymentUrl, 'pay');
    const placed = await start();
    const orderPath = (await comeBack(owner, (await decide(placed.paymentUrl, 'pay')).headers.location!))
      .headers.location!;
    const ids = [unpaid, failed, paidNotBack, placed].map((made) => made.checkoutId);
    const left = async () =>
      (
        await t.db.query<{ id: string }>('SELECT id FROM prints_checkouts WHERE id = ANY($1::uuid[])', [ids])
      ).rows
        .map((row) => row.id)
        .sort();
    const runAfter = async (minutes: number, job: string) => {
      clock.setOffset(minutes * 60_000);
      await enqueueJob(t.db, job, {});
      await t.app.jobs.drain();
      clock.setOffset(0);
    };
    const orderOf = (checkoutId: string) =>
      t.app.inject({
        url: `/api/orders/v1/superorders/${superOrderCodeFor(checkoutId)}`,
        headers: owner.headers,
      });

    // The provider has the payment; the browser never came back: the order is placed all the same.
    expect((await orderOf(paidNotBack.checkoutId)).statusCode).toBe(404);
    await runAfter(20, PAYMENTS_RECONCILE_JOB);
    expect((await orderOf(paidNotBack.checkoutId)).statusCode).toBe(200);
    expect((await orderOf(unpaid.checkoutId)).statusCode).toBe(404);

    const housekeepingAfter = (days: number) => runAfter(days * 24 * 60, PRINTS_CHECKOUTS_HOUSEKEEPING_JOB);
    await housekeepingAfter(29);
    expect(await left()).toEqual([...ids].sort());
    await housekeepingAfter(31);
    expect(await left()).toEqual([paidNotBack.checkoutId, placed.checkoutId].sort());
    const order = await t.app.inject({
      url: `/api/orders/v1/superorders/${orderPath.split('/')[2]}`,
      headers: owner.headers,
    });
    expect(order.statusCode).toBe(200);
  });
});
