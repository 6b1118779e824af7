import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { movableClock } from '../platform/clock';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { PaymentRecord } from './payments.repository';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { createTestPaymentProvider } from './test-payment-provider';
import { createTestPaymentsRepository } from './test-payments.repository';

describe(`payments through the local test provider (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let payments: PaymentsService;
  let customerId: string;
  let strangerId: string;
  const settled: PaymentRecord[] = [];
  const origin = 'http://nl.localhost:8080';
  const clock = movableClock();

  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    customerId = (await customers.findActiveByEmail('demo@example.com'))!.id;
    strangerId = (await customers.findActiveByEmail('b2b@example.com'))!.id;
    payments = createPaymentsService({
      payments: createPaymentsRepository(t.db),
      provider: createTestPaymentProvider(createTestPaymentsRepository(t.db)),
      clock,
    });
    payments.registerPurpose('test-order', {
      afterPayment: async (payment) => {
        settled.push(payment);
        return payment.status === 'paid' ? `/done/${payment.reference}` : `/retry/${payment.reference}`;
      },
    });
  });
  afterAll(() => t.close());

  const start = (amountMinor = 1234) =>
    payments.start({
      customerId,
      purpose: 'test-order',
      reference: 'order-1',
      amount: { amountMinor, currency: 'EUR' },
      description: 'Photo prints, 3 photos',
      origin,
      locale: 'nl-NL',
    });
  const page = (redirectUrl: string) => new URL(redirectUrl).pathname;
  /** The page as the customer's browser gets it, and the one-time secret its forms carry. */
  const open = async (redirectUrl: string) => {
    const shown = await t.app.inject({ url: page(redirectUrl), headers: { host: 'nl.localhost:8080' } });
    return { shown, secret: /name="secret" value="([^"]+)"/.exec(shown.body)?.[1] };
  };
  const post = (redirectUrl: string, form: string, from = origin) =>
    t.app.inject({
      method: 'POST',
      url: page(redirectUrl),
      headers: {
        host: 'nl.localhost:8080',
        origin: from,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form,
    });
  /** What a customer does on the page: opens it and presses a button. */
  const decide = async (redirectUrl: string, decision: string, from = origin) => {
    const { secret } = await open(redirectUrl);
    return post(redirectUrl, `decision=${decision}&secret=${secret ?? ''}`, from);
  };
  const statusOf = async (paymentId: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [paymentId])).rows[0]!
      .status;

  it('shows what is paid on a page without any card field, and pays once', async () => {
    const { paymentId, redirectUrl } = await start();
    expect(redirectUrl).toMatch(/^http:\/\/nl\.localhost:8080\/test-payments\/[\w-]{43}$/);
    const shown = await t.app.inject({ url: page(redirectUrl), headers: { host: 'nl.localhost:8080' } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Photo prints, 3 photos');
    expect(shown.body).toMatch(/Bedrag: €\s12,34/);
    expect(shown.body).not.toMatch(/<input(?![^>]*type="hidden")/);

    expect(shown.body).toMatch(/<input type="hidden" name="secret" value="[\w-]{43}">/);

    expect((await decide(redirectUrl, 'pay', 'http://evil.example')).statusCode).toBe(403);
    const paid = await decide(redirectUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${origin}/payments/return/${paymentId}`);
    // A decided session cannot be decided again, and its page only leads back.
    await decide(redirectUrl, 'fail');
    const again = await t.app.inject({ url: page(redirectUrl), headers: { host: 'nl.localhost:8080' } });
    expect(again.headers.location).toBe(`${origin}/payments/return/${paymentId}`);

    expect(await payments.returnFrom(customerId, paymentId)).toBe('/done/order-1');
    expect(await payments.returnFrom(customerId, paymentId)).toBe('/done/order-1');
    expect(settled.at(-1)).toMatchObject({ id: paymentId, status: 'paid', amountMinor: 1234 });
  });

  it('hands a failed payment to its purpose as failed', async () => {
    const { paymentId, redirectUrl } = await start();
    await decide(redirectUrl, 'fail');
    expect(await payments.returnFrom(customerId, paymentId)).toBe('/retry/order-1');
  });

  it('treats a return without a decision as still pending, and an expired session as failed', async () => {
    const { paymentId, redirectUrl } = await start();
    await payments.returnFrom(customerId, paymentId);
    expect(settled.at(-1)).toMatchObject({ id: paymentId, status: 'pending' });
    await t.db.query(`UPDATE test_payment_sessions SET expires_at = now() - interval '1 second'`);
    expect((await decide(redirectUrl, 'pay')).statusCode).toBe(404);
    expect(await payments.returnFrom(customerId, paymentId)).toBe('/retry/order-1');
  });

  it('decides nothing on a bare POST, a made-up secret, an older page’s secret or a used one', async () => {
    const { paymentId, redirectUrl } = await start();
    // What anyone who knows the session's address can send: the shop's Origin, no secret.
    expect((await post(redirectUrl, 'decision=pay')).statusCode).toBe(403);
    expect((await post(redirectUrl, 'decision=pay&secret=' + 'A'.repeat(43))).statusCode).toBe(403);
    const first = await open(redirectUrl);
    const second = await open(redirectUrl);
    // Rendering the page again retires the earlier page's secret.
    expect((await post(redirectUrl, `decision=pay&secret=${first.secret}`)).statusCode).toBe(403);
    expect(await payments.returnFrom(customerId, paymentId)).toBe('/retry/order-1');
    expect(settled.at(-1)).toMatchObject({ id: paymentId, status: 'pending' });
    expect(await statusOf(paymentId)).toBe('pending');

    // The page's own form decides, once; its secret is then used up.
    expect((await post(redirectUrl, `decision=fail&secret=${second.secret}`)).statusCode).toBe(303);
    expect((await post(redirectUrl, `decision=pay&secret=${second.secret}`)).statusCode).toBe(303);
    expect(await payments.returnFrom(customerId, paymentId)).toBe('/retry/order-1');
    expect(await statusOf(paymentId)).toBe('failed');
  });

  it('keeps the mandate of a method saved on the page, and charges it later without the customer', async () => {
    const saving = await payments.start({
      customerId,
      purpose: 'test-order',
      reference: 'card',
      amount: { amountMinor: 0, currency: 'EUR' },
      description: 'Save a card',
      origin,
      locale: 'nl-NL',
      saveMethod: true,
    });
    await decide(saving.redirectUrl, 'pay');
    await payments.returnFrom(customerId, saving.paymentId);
    const mandate = settled.at(-1)!.mandate;
    expect(mandate).toMatch(/^test_mdt_/);

    const charge = (reference: string, chargedMandate: string) =>
      payments.chargeMandate({
        customerId,
        purpose: 'test-order',
        reference,
        amount: { amountMinor: 2599, currency: 'EUR' },
        description: 'Reorder',
        mandate: chargedMandate,
      });
    expect(await charge('order-2', mandate!)).toMatchObject({
      payment: { status: 'paid', amountMinor: 2599 },
      next: '/done/order-2',
    });
    // A mandate the provider never gave is refused by the provider: nothing is paid.
    const forged = await charge('order-3', 'test_mdt_made-up');
    expect(forged).toMatchObject({ payment: { status: 'failed' }, next: '/retry/order-3' });
  });

  it('answers 404 for another customer’s payment and changes nothing', async () => {
    const { paymentId } = await start();
    await expect(payments.returnFrom(strangerId, paymentId)).rejects.toMatchObject({ status: 404 });
    await expect(payments.returnFrom(customerId, 'nonsense')).rejects.toMatchObject({ status: 404 });
    expect(await statusOf(paymentId)).toBe('pending');
  });

  it('saves a payment method without a charge (amount zero)', async () => {
    const { redirectUrl } = await start(0);
    const shown = await t.app.inject({ url: page(redirectUrl), headers: { host: 'uk.localhost:8080' } });
    expect(shown.body).toContain('Nothing is charged');
  });
  it('settles a payment whose customer paid and never came back, once, and leaves an undecided one pending', async () => {
    const paidAway = await start(500);
    await decide(paidAway.redirectUrl, 'pay');
    const undecided = await start(600);
    const calls = () =>
      settled.filter((payment) => [paidAway.paymentId, undecided.paymentId].includes(payment.id));

    // Just opened: the customer may still be on their way back.
    await payments.reconcilePending();
    expect(calls()).toEqual([]);

    clock.setOffset(20 * 60 * 1000);
    try {
      await payments.reconcilePending();
      await payments.reconcilePending();
    } finally {
      clock.setOffset(0);
    }
    expect(calls()).toEqual([expect.objectContaining({ id: paidAway.paymentId, status: 'paid' })]);
    // Coming back later still leads to what was paid.
    expect(await payments.returnFrom(customerId, paidAway.paymentId)).toBe('/done/order-1');
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [
      undecided.paymentId,
    ]);
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
