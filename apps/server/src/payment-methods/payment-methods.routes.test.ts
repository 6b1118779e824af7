import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethods } from '@photo/contracts/payment-methods';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { decideOnTestPaymentPage } from '../testing/test-payment-page';

describe(`preferred payment method (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const url = '/api/customers/customers/me/payment-method';

  const mine = async (who: SignedIn) =>
    (await t.app.inject({ url, headers: who.headers })).json<PaymentMethods>();
  const save = (who: SignedIn, method: string) =>
    t.app.inject({ method: 'PUT', url, headers: who.headers, payload: { method } });

  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' });
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(() => t.close());

  it("lists the storefront's own methods, none chosen yet", async () => {
    const nl = await signIn(t, { email: 'demo@example.com' });
    expect(await mine(nl)).toEqual({
      available: ['ideal', 'card', 'paypal', 'sepaDirectDebit'],
      preferred: null,
    });
    const be = await signIn(t, { email: 'demo@example.com', host: 'be.localhost:8080' });
    expect((await mine(be)).available).toEqual(['bancontact', 'card', 'paypal', 'sepaDirectDebit']);
    const uk = await signIn(t, { email: 'demo@example.com', host: 'uk.localhost:8080' });
    expect((await mine(uk)).available).toEqual(['card', 'paypal']);
  });

  it('offers invoice only to an approved B2B customer', async () => {
    expect((await mine(await signIn(t, { email: 'b2b@example.com' }))).available).toContain('invoice');
    const pending = await signIn(t, { email: 'b2b-new@example.com' });
    expect((await mine(pending)).available).not.toContain('invoice');
    expect((await save(pending, 'invoice')).statusCode).toBe(400);
  });

  it('stores a method for the caller only and refuses an unknown one', async () => {
    const demo = await signIn(t, { email: 'demo@example.com' });
    const other = await signIn(t, { email: 'b2b@example.com' });
    const saved = await save(demo, 'ideal');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ preferred: 'ideal' });
    expect((await mine(demo)).preferred).toBe('ideal');
    expect((await mine(other)).preferred).toBeNull();

    expect((await save(demo, 'cash')).statusCode).toBe(400);
    expect((await save(demo, 'bancontact')).statusCode).toBe(400);
    expect((await mine(demo)).preferred).toBe('ideal');
  });

  it('saves a card on the provider page with nothing charged, and stores it on return', async () => {
    const demo = await signIn(t, { email: 'demo@example.com' });
    const started = (await save(demo, 'card')).json<{ preferred: string; redirectUrl: string }>();
    expect(started.preferred).toBe('ideal');
    const page = new URL(started.redirectUrl).pathname;
    const shown = await t.app.inject({ url: page, headers: { host: 'nl.localhost:8080' } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toMatch(/<input(?![^>]*type="hidden")/);
    // Not stored before the provider says so.
    expect((await mine(demo)).preferred).toBe('ideal');

    const decided = await decideOnTestPaymentPage(t, started.redirectUrl, 'pay');
    const back = await t.app.inject({
      url: new URL(decided.headers.location!).pathname,
      headers: demo.headers,
    });
    expect(back.headers.location).toContain('/settings/payment-method');
    expect((await mine(demo)).preferred).toBe('card');
    const { rows } = await t.db.query<{ amount_minor: string | number }>(
      `SELECT amount_minor FROM payments WHERE purpose = 'save-payment-method'`,
    );
    expect(rows.map((row) => Number(row.amount_minor))).toEqual([0]);
  });
});
