import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, serviceBasePath, type Endpoint } from '@photo/contracts/endpoint';
import { ordersApi, SuperOrderDetailsSchema, SuperOrderListSchema } from '@photo/contracts/orders';
import { createCustomersRepository } from '../customers/customers.repository';
import { findDemoAccounts, seedDemoAccounts } from '../demo/demo-accounts';
import { demoCatalogue, demoProduct, seedDemoOrders } from '../demo/demo-orders';
import { createMerchandiseService } from '../merchandise/merchandise.service';
import { fixedClock } from '../platform/clock';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDeliveryAddress } from '../testing/test-orders';
import { storefronts } from '../storefronts/storefronts';

const NOW = '2026-11-24T12:00:00.000Z';
const DAY_MS = 86_400_000;
const ago = (days: number, extraMs = 0) => new Date(Date.parse(NOW) - days * DAY_MS - extraMs).toISOString();

const storefront = (id: string) => storefronts.find((candidate) => candidate.id === id)!;
const home = testDeliveryAddress({ street: 'Prinsengracht', houseNumber: '7', postcode: '1015 DK' });

describe('the customer order calls (docs/product/calls.md)', () => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  let demo: SignedIn;
  let other: SignedIn;
  let demoId: string;
  let otherId: string;

  const url = (endpoint: Endpoint, params?: Record<string, unknown>, query = '') =>
    `${serviceBasePath(endpoint.service)}${buildPath(endpoint.path, params)}${query}`;
  const call = (who: SignedIn, method: string, address: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: address,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const list = async (who: SignedIn, query = '') =>
    SuperOrderListSchema.parse((await call(who, 'GET', url(ordersApi.myOrders, undefined, query))).json());
  const details = async (who: SignedIn, code: string) =>
    SuperOrderDetailsSchema.parse(
      (await call(who, 'GET', url(ordersApi.superOrder, { orderCode: code }))).json(),
    );
  const place = (code: string, input: { createdAt: string; deliveryType?: 'Home' | 'PickupPoint' }) =>
    t.app.shopApi.orders.putSuperOrder(code, {
      accountId: demoId,
      storefront: 'nl',
      createdAt: input.createdAt,
      changedAt: input.createdAt,
      deliveryType: input.deliveryType ?? 'Home',
      deliveryAddress: home,
      orders: [{ id: `${code}-1`, products: [demoProduct('prints', '1', 10, storefront('nl'))] }],
    });

  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' }, { clock });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    const accounts = await findDemoAccounts(customers);
    await seedDemoOrders(t.db, t.app.shopApi.orders, accounts, new Date(NOW));
    demoId = accounts[0]!.id;
    otherId = accounts[1]!.id;
    demo = await signIn(t, { email: 'demo@example.com' });
    other = await signIn(t, { email: 'b2b@example.com' });
  });
  afterAll(() => t.close());

  it('lists the demo orders newest first: in progress, history, a cancelled one and a voucher', async () => {
    const { items, orderCount } = await list(demo);
    expect(orderCount).toBe(9);
    expect(items.map((item) => item.inProgress)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(items.map((item) => item.status)).toEqual([
      'AwaitingPayment',
      'Ordered',
      'Ordered',
      'InProduction',
      'Sent',
      'Sent',
      'Cancelled',
      'Sent',
      'Sent',
    ]);
    expect(new Set(items.map((item) => item.currency))).toEqual(new Set(['EUR', 'GBP', 'SEK']));
    expect(
      items
        .flatMap((item) => item.orders.flatMap((order) => order.products))
        .some((p) => p.voucher === 'BOOK20'),
    ).toBe(true);
    // The newest demo order: 48 + 12 prints delivered home in the Netherlands, all at catalogue prices.
    const nl = createMerchandiseService();
    const price = (code: string) => nl.product('NL', code)!.size.price.amountMinor;
    const homeDelivery = nl.deliveryPrice('NL', 'Home').amountMinor;
    expect(items[0]).toMatchObject({
      productCount: 60,
      deliveryPrice: homeDelivery,
      totalPrice: 48 * price('PAP_910') + 12 * price('PAP_1318') + homeDelivery,
    });
    // Every account has its own orders; none of the demo customer's codes appear in another's list.
    const others = await list(other);
    expect(others.items.map((item) => item.orderCode)).not.toContain(items[0]!.orderCode);
  });

  it('pages with Offset and Limit, and leaves out abandoned checkouts with OrderState=notExpired', async () => {
    const page = await list(demo, '?Offset=2&Limit=3');
    const all = await list(demo);
    expect(page.items.map((item) => item.orderCode)).toEqual(
      all.items.slice(2, 5).map((item) => item.orderCode),
    );
    expect((await call(demo, 'GET', url(ordersApi.myOrders, undefined, '?Limit=101'))).statusCode).toBe(400);

    await place('NL-ABANDONED', { createdAt: ago(31) });
    await place('NL-UNPAID-RECENT', { createdAt: ago(29) });
    const everything = await list(demo);
    const notExpired = await list(demo, '?OrderState=notExpired');
    expect(everything.items.map((item) => item.orderCode)).toContain('NL-ABANDONED');
    expect(notExpired.items.map((item) => item.orderCode)).not.toContain('NL-ABANDONED');
    expect(notExpired.items.map((item) => item.orderCode)).toContain('NL-UNPAID-RECENT');
    expect(notExpired.orderCount).toBe(everything.orderCount - 1);
  });

  it('moves an order to history at the edges of the in-progress rule', async () => {
    await place('NL-EDGE-CREATED', { createdAt: ago(30) });
    const shop = t.app.shopApi.orders;
    await place('NL-EDGE-PAID', { createdAt: ago(20) });
    await shop.putPayment('NL-EDGE-PAID-1', 'paymentSuccess', ago(14));
    await shop.putState('NL-EDGE-PAID-1', 'Dispatched', ago(15));
    const inProgress = async (code: string) => (await details(demo, code)).inProgress;

    expect(await inProgress('NL-EDGE-CREATED')).toBe(true);
    expect(await inProgress('NL-EDGE-PAID')).toBe(true);
    clock.set(new Date(Date.parse(NOW) + 1));
    expect(await inProgress('NL-EDGE-CREATED')).toBe(false);
    expect(await inProgress('NL-EDGE-PAID')).toBe(false);
    clock.set(NOW);
  });

  it('shows one order with history and delivery dates, and 404 for a code that is not the caller’s', async () => {
    const [, ordered] = (await list(demo)).items.filter((item) => item.status === 'Ordered');
    const shown = await details(demo, ordered!.orderCode);
    expect(shown.orders[0]!.history.map((change) => change.status)).toEqual(['AwaitingPayment', 'Ordered']);
    expect(shown.orders[0]!.deliveryDates).not.toBeNull();
    expect(
      (await call(other, 'GET', url(ordersApi.superOrder, { orderCode: ordered!.orderCode }))).statusCode,
    ).toBe(404);
    expect((await call(demo, 'GET', url(ordersApi.superOrder, { orderCode: 'NL-0' }))).statusCode).toBe(404);
  });

  it('shows only the states an order went through, in order: not a step reported after its cancellation', async () => {
    await place('NL-HIST', { createdAt: '2026-11-20T10:00:00.000Z' });
    await t.app.shopApi.orders.putState('NL-HIST-1', 'Confirmed', '2026-11-20T11:00:00.000Z');
    await t.app.shopApi.orders.putState('NL-HIST-1', 'Cancelled', '2026-11-20T12:00:00.000Z');
    await t.app.shopApi.orders.putState('NL-HIST-1', 'ProductionStarted', '2026-11-20T13:00:00.000Z');
    const shown = await details(demo, 'NL-HIST');
    expect(shown.orders[0]!.history.map(({ state, occurredAt }) => [state, occurredAt])).toEqual([
      ['Received', '2026-11-20T10:00:00.000Z'],
      ['Confirmed', '2026-11-20T11:00:00.000Z'],
      ['Cancelled', '2026-11-20T12:00:00.000Z'],
    ]);
  });

  it('shows the parcel of a dispatched order, linked to the carrier’s tracking page when the carrier is known', async () => {
    await place('NL-TRACK', { createdAt: '2026-11-20T10:00:00.000Z' });
    const dispatched = await t.app.shopApi.orders.putState(
      'NL-TRACK-1',
      'Dispatched',
      '2026-11-21T10:00:00.000Z',
      { carrier: 'Royal Mail', number: 'AB 123 GB' },
    );
    expect(dispatched.applied).toBe(true);
    expect((await details(demo, 'NL-TRACK')).orders[0]!.tracking).toEqual({
      carrier: 'Royal Mail',
      number: 'AB 123 GB',
      url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB%20123%20GB',
    });
    // A correction with the same state; a carrier without a known page is shown without a link.
    await t.app.shopApi.orders.putState('NL-TRACK-1', 'Dispatched', '2026-11-21T10:00:00.000Z', {
      carrier: 'Bring',
      number: '70701',
    });
    expect((await details(demo, 'NL-TRACK')).orders[0]!.tracking).toEqual({
      carrier: 'Bring',
      number: '70701',
      url: null,
    });
  });

  it('links the product sheet of each product whose information has one, and null for the others', async () => {
    const poster = demoCatalogue.poster;
    await t.app.shopApi.products.putFromShop(poster.code, {
      name: poster.articleName,
      description: 'Printed on satin poster paper',
      changedAt: NOW,
    });
    const sheet = Buffer.from('%PDF-1.4\n% a product sheet\n%%EOF\n');
    await t.app.shopApi.products.putFileFromShop(poster.code, {
      purpose: 'product.pdf',
      fileName: 'poster-sheet.pdf',
      contentType: 'application/pdf',
      body: Readable.from([sheet]),
    });
    // The demo order of a poster and prints: the poster's information has a sheet, the prints have none.
    const withPoster = (await list(demo)).items.find((item) => {
      const codes = item.orders.flatMap((order) => order.products.map((product) => product.code));
      return codes.includes(poster.code) && codes.includes(demoCatalogue.prints.code);
    })!;
    const products = (await details(demo, withPoster.orderCode)).orders.flatMap((order) => order.products);
    const sheetUrl = '/api/products/v1/Products/WALL_POSTER_A2/files/product.pdf';
    expect(products.map((product) => [product.code, product.productPdfUrl])).toEqual([
      [poster.code, sheetUrl],
      [demoCatalogue.prints.code, null],
    ]);
    const download = await call(demo, 'GET', sheetUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(sheet)).toBe(true);

    // A sheet only in a language the reader does not read gets no link (its download would be 404).
    await t.app.shopApi.products.putFromShop(demoCatalogue.prints.code, {
      name: demoCatalogue.prints.articleName,
      description: '',
      changedAt: NOW,
    });
    const putPrintsSheet = (language: string) =>
      t.app.shopApi.products.putFileFromShop(demoCatalogue.prints.code, {
        purpose: 'product.pdf',
        language,
        fileName: 'prints-sheet.pdf',
        contentType: 'application/pdf',
        body: Readable.from([Buffer.from(`%PDF-1.4\n% ${language}\n%%EOF\n`)]),
      });
    const printsSheetUrl = async () =>
      (await details(demo, withPoster.orderCode)).orders
        .flatMap((order) => order.products)
        .find((product) => product.code === demoCatalogue.prints.code)!.productPdfUrl;
    await putPrintsSheet('sv-SE');
    expect(await printsSheetUrl()).toBeNull();
    await putPrintsSheet('nl-BE');
    expect(await printsSheetUrl()).toBe('/api/products/v1/Products/PAP_910/files/product.pdf');
    expect(
      (await call(other, 'GET', url(ordersApi.superOrder, { orderCode: withPoster.orderCode }))).statusCode,
    ).toBe(404);
  });

  it('changes a Home order’s address before production, and refuses pickup points, production and strangers', async () => {
    await place('NL-ADDR', { createdAt: ago(1) });
    const change = (who: SignedIn, code: string, address: object) =>
      call(who, 'PUT', url(ordersApi.changeDeliveryAddress, { orderCode: code }), address);
    const moved = await change(demo, 'NL-ADDR', { ...home, street: '  Herengracht ', houseNumber: '401' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ street: 'Herengracht', houseNumber: '401' });
    expect((await details(demo, 'NL-ADDR')).deliveryAddress.street).toBe('Herengracht');

    expect((await change(other, 'NL-ADDR', home)).statusCode).toBe(404);
    expect((await change(demo, 'NL-ADDR', { ...home, postcode: '' })).statusCode).toBe(400);
    expect((await change(demo, 'NL-ADDR', { ...home, city: '   ' })).statusCode).toBe(400);

    await place('NL-PICKUP', { createdAt: ago(1), deliveryType: 'PickupPoint' });
    expect((await details(demo, 'NL-PICKUP')).canChangeDeliveryAddress).toBe(false);
    expect((await change(demo, 'NL-PICKUP', home)).statusCode).toBe(409);

    await t.app.shopApi.orders.putState('NL-ADDR-1', 'ProductionStarted', ago(0));
    expect((await details(demo, 'NL-ADDR')).canChangeDeliveryAddress).toBe(false);
    expect((await change(demo, 'NL-ADDR', home)).statusCode).toBe(409);
    // An older report from the shop does not undo the customer's change.
    await t.app.shopApi.orders.putDelivery('NL-ADDR', {
      deliveryType: 'Home',
      deliveryAddress: { ...home, street: 'Old street' },
      changedAt: ago(1),
    });
    expect((await details(demo, 'NL-ADDR')).deliveryAddress.street).toBe('Herengracht');
  });

  it('answers the account’s orders, one order and its delivery dates only to the owner', async () => {
    const own = await call(
      demo,
      'GET',
      url(ordersApi.accountOrders, { accountId: demoId }, '?articleNames=Canvas 60x40'),
    );
    expect(own.statusCode).toBe(200);
    const body = ordersApi.accountOrders.response.parse(own.json());
    expect(body.orderCount).toBe(2);
    // The shop named the canvas in English; the Dutch storefront's customer reads the catalogue's Dutch name.
    const dutchCanvas = createMerchandiseService().productName('nl', 'WALL_CANVAS_60', 'nl-NL', 'unknown');
    expect(dutchCanvas).toBe('Foto op canvas 40 × 60 cm');
    expect(body.items.every((order) => order.products.some((p) => p.articleName === dutchCanvas))).toBe(true);
    expect((await call(demo, 'GET', url(ordersApi.accountOrders, { accountId: otherId }))).statusCode).toBe(
      404,
    );
    const defaults = ordersApi.accountOrders.response.parse(
      (await call(demo, 'GET', url(ordersApi.accountOrders, { accountId: demoId }))).json(),
    );
    expect(defaults.items).toHaveLength(10);

    const orderId = body.items[0]!.code;
    expect((await call(demo, 'GET', url(ordersApi.order, { id: orderId }))).json()).toMatchObject({
      code: orderId,
    });
    expect((await call(other, 'GET', url(ordersApi.order, { id: orderId }))).statusCode).toBe(404);
    expect((await call(demo, 'GET', url(ordersApi.deliveryDates, { id: orderId }))).statusCode).toBe(200);
    expect((await call(other, 'GET', url(ordersApi.deliveryDates, { id: orderId }))).statusCode).toBe(404);
    // An order awaiting payment has no planned delivery yet.
    expect((await call(demo, 'GET', url(ordersApi.deliveryDates, { id: 'NL-ABANDONED-1' }))).statusCode).toBe(
      404,
    );
  });

  it('reorders an order as a new order, but not a cancelled one nor another customer’s', async () => {
    const { items } = await list(demo);
    const sent = items.find((item) => item.status === 'Sent')!;
    const cancelled = items.find((item) => item.status === 'Cancelled')!;
    const status = (who: SignedIn, code: string) =>
      call(who, 'GET', url(ordersApi.reorderStatus, { orderCode: code }));
    expect((await status(demo, sent.orderCode)).json()).toEqual({
      orderCode: sent.orderCode,
      canReorder: true,
      reason: null,
    });
    expect((await status(demo, cancelled.orderCode)).json()).toMatchObject({
      canReorder: false,
      reason: 'cancelled',
    });
    expect((await status(other, sent.orderCode)).statusCode).toBe(404);

    const reorder = (who: SignedIn, code: string, confirmedTotal = 0) =>
      call(who, 'POST', url(ordersApi.reorder, undefined, `?OrderCode=${encodeURIComponent(code)}`), {
        confirmedTotal,
      });
    expect((await reorder(demo, cancelled.orderCode)).statusCode).toBe(409);
    expect((await reorder(other, sent.orderCode)).statusCode).toBe(404);
    const quote = ordersApi.reorderQuote.response.parse(
      (await call(demo, 'GET', url(ordersApi.reorderQuote, { orderCode: sent.orderCode }))).json(),
    );
    const made = await reorder(demo, sent.orderCode, quote.totalPrice);
    expect(made.statusCode).toBe(201);
    const { orderCode, continueTo } = ordersApi.reorder.response.parse(made.json());
    // No saved method: the new order waits for the payment the customer makes next, on the provider's page.
    expect(continueTo).toMatch(/^http:\/\/nl\.localhost:8080\/test-payments\//);
    const copy = await details(demo, orderCode);
    expect(copy).toMatchObject({
      reorderOf: sent.orderCode,
      status: 'AwaitingPayment',
      inProgress: true,
      canPay: true,
      canCancel: true,
      totalPrice: quote.totalPrice,
    });
    expect(copy.orders[0]!.products.map((p) => [p.code, p.quantity])).toEqual(
      sent.orders[0]!.products.map((p) => [p.code, p.quantity]),
    );
  });

  it('reorders only what the catalogue still makes, for the order’s delivery, at today’s price', async () => {
    const catalogue = createMerchandiseService();
    const todaysPrice = (productCode: string) => catalogue.product('UK', productCode)!.size.price.amountMinor;
    const line = (lineId: string, code: string, articleGroup: 'prints' | 'gifts' | 'wallDecor') => ({
      lineId,
      code,
      articleName: code,
      articleGroup,
      quantity: 3,
      unitPrice: 1,
    });
    const placeUk = (
      code: string,
      deliveryType: 'Home' | 'PickupPoint',
      products: Array<ReturnType<typeof line>>,
    ) =>
      t.app.shopApi.orders.putSuperOrder(code, {
        accountId: demoId,
        storefront: 'uk',
        createdAt: ago(40),
        changedAt: ago(40),
        deliveryType,
        deliveryAddress: deliveryType === 'Home' ? home : { ...home, pickupPointName: 'Camden' },
        orders: [{ id: `${code}-1`, products }],
      });
    const status = async (code: string) =>
      (await call(demo, 'GET', url(ordersApi.reorderStatus, { orderCode: code }))).json<unknown>();
    const quoteOf = async (code: string) =>
      ordersApi.reorderQuote.response.parse(
        (await call(demo, 'GET', url(ordersApi.reorderQuote, { orderCode: code }))).json(),
      );
    // What the customer does: look at the review, then confirm the total it showed.
    const reorder = async (code: string) => {
      const review = await call(demo, 'GET', url(ordersApi.reorderQuote, { orderCode: code }));
      const confirmedTotal = review.statusCode === 200 ? review.json<{ totalPrice: number }>().totalPrice : 0;
      return call(demo, 'POST', url(ordersApi.reorder, undefined, `?OrderCode=${encodeURIComponent(code)}`), {
        confirmedTotal,
      });
    };

    // Prints the shop still sells, a mug made from an editor session it does not keep, a retired article.
    await placeUk('UK-MIXED', 'Home', [
      line('1', 'PAP_1318', 'prints'),
      line('2', 'GIFT_MUG', 'gifts'),
      line('3', 'PAP_RETIRED', 'prints'),
    ]);
    expect(await status('UK-MIXED')).toEqual({ orderCode: 'UK-MIXED', canReorder: true, reason: null });
    // The review names what the catalogue makes today, in the language of the storefront the customer
    // reads on (Dutch, for a British order), at today's price.
    const quote = await quoteOf('UK-MIXED');
    expect(quote.lines).toEqual([
      {
        code: 'PAP_1318',
        articleName: 'Fotoafdrukken 13 × 18 cm',
        quantity: 3,
        unitPrice: todaysPrice('PAP_1318'),
        imageUrl: null,
      },
    ]);
    expect(quote).toMatchObject({ deliveryType: 'Home', payment: { method: null, how: 'providerPage' } });
    const made = await reorder('UK-MIXED');
    expect(made.statusCode).toBe(201);
    const copy = await details(demo, ordersApi.reorder.response.parse(made.json()).orderCode);
    expect(copy.currency).toBe('GBP');
    expect(copy.orders[0]!.products.map((p) => [p.code, p.quantity, p.unitPrice])).toEqual([
      ['PAP_1318', 3, todaysPrice('PAP_1318')],
    ]);
    expect(todaysPrice('PAP_1318')).not.toBe(1);
    const delivery = catalogue.deliveryPrice('UK', 'Home').amountMinor;
    expect(copy).toMatchObject({
      deliveryPrice: delivery,
      totalPrice: 3 * todaysPrice('PAP_1318') + delivery,
    });

    await placeUk('UK-MUG', 'Home', [line('1', 'GIFT_MUG', 'gifts')]);
    // Canvas is delivered to the door only: a pickup-point order of one cannot simply be made again.
    await placeUk('UK-CANVAS-PICKUP', 'PickupPoint', [line('1', 'WALL_CANVAS_60', 'wallDecor')]);
    const before = (await list(demo)).orderCount;
    for (const code of ['UK-MUG', 'UK-CANVAS-PICKUP']) {
      expect(await status(code)).toEqual({ orderCode: code, canReorder: false, reason: 'notReorderable' });
      expect((await reorder(code)).statusCode).toBe(409);
    }
    expect((await list(demo)).orderCount).toBe(before);
  });

  it('answers article groups, the storefront’s campaigns and only the caller’s own vouchers', async () => {
    const groups = ordersApi.articleGroups.response.parse(
      (await call(demo, 'GET', url(ordersApi.articleGroups))).json(),
    );
    expect(groups.items).toEqual(
      expect.arrayContaining([
        { name: 'prints', productionDays: 2, reorderable: true },
        { name: 'gifts', productionDays: 6, reorderable: false },
      ]),
    );
    const campaign = await call(demo, 'GET', url(ordersApi.campaign, { name: 'christmas' }));
    expect(campaign.json()).toMatchObject({
      name: 'christmas',
      cutoffs: expect.arrayContaining([{ articleGroup: 'prints', orderBy: '2026-12-18' }]) as unknown,
    });
    expect((await call(demo, 'GET', url(ordersApi.campaign, { name: 'easter' }))).statusCode).toBe(404);

    const voucher = await call(demo, 'GET', url(ordersApi.voucherOffer, { voucherOptionCode: 'BOOK20' }));
    expect(voucher.json()).toMatchObject({
      isVoucherFound: true,
      offer: { title: '20% off photo books', discountPercent: 20 },
    });
    await t.app.shopApi.orders.putVoucherOffer('STAFF50', {
      campaignName: 'staff',
      title: 'Staff discount',
      description: '',
      discountPercent: 50,
      changedAt: NOW,
    });
    expect(
      (await call(demo, 'GET', url(ordersApi.voucherOffer, { voucherOptionCode: 'STAFF50' }))).statusCode,
    ).toBe(404);
    expect(
      (await call(demo, 'GET', url(ordersApi.voucherOffer, { voucherOptionCode: 'NOPE' }))).statusCode,
    ).toBe(404);
  });
});
