import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION } from '@photo/contracts/newsletter';
import { ShopNewsletterSubscriberSchema, shopNewsletterApi } from '@photo/contracts/shop-newsletter';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { mailsTo } from '../testing/mailbox';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { shopPath } from './shop-api.router';

const TOKEN = 'shop-token-for-tests-0123456789abcdef';
const subscriptionPath = '/api/email-gateway/api/v1/Profiles/me/subscription';

describe('newsletter subscribers through the shop-side API', () => {
  let t: TestApp;
  let demo: SignedIn;
  let demoId: string;
  let strangerId: string;
  const ask = (accountId: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    t.app.inject({
      method: 'GET',
      url: shopPath(shopNewsletterApi.getSubscriber, { accountId }),
      headers: { host: '127.0.0.1', ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    demo = await signIn(t, { email: 'demo@example.com' });
    demoId = (await customers.findActiveByEmail('demo@example.com'))!.id;
    strangerId = (await customers.findActiveByEmail('b2b@example.com'))!.id;
  });
  afterAll(() => t.close());

  it("answers a subscriber's one-click address and the headers to send, the one the opt-in mail carries", async () => {
    await t.app.inject({
      method: 'POST',
      url: subscriptionPath,
      headers: demo.headers,
      payload: { consentTextVersion: NEWSLETTER_CONSENT_VERSION },
    });
    const answer = await ask(demoId);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const subscriber = ShopNewsletterSubscriberSchema.parse(answer.json());
    expect(subscriber).toMatchObject({ accountId: demoId, storefront: 'nl', status: 'pending' });
    expect(subscriber.unsubscribeUrl).toMatch(
      /^http:\/\/nl\.localhost:8080\/newsletter\/unsubscribe\/1\.[\w-]{22}\.[\w-]{43}$/,
    );
    expect(subscriber.listHeaders).toEqual({
      'List-Unsubscribe': `<${subscriber.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [mail] = await mailsTo(t, 'demo@example.com');
    expect(mail!.listHeaders).toEqual(subscriber.listHeaders);

    // The marketing tool's mail is unsubscribed from by the same address.
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: new URL(subscriber.unsubscribeUrl).pathname,
      headers: { host: 'nl.localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(ShopNewsletterSubscriberSchema.parse((await ask(demoId)).json())).toEqual({
      ...subscriber,
      status: 'none',
    });
  });

  it('requires the service token: not a wrong one, nor a customer’s session', async () => {
    expect((await ask(demoId, {})).statusCode).toBe(401);
    expect((await ask(demoId, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await ask(demoId, { cookie: demo.cookie })).statusCode).toBe(401);
    expect((await ask(demoId, demo.headers)).statusCode).toBe(401);
  });

  it('answers 404 for an account without a subscription or unknown, and 400 for what is not an id', async () => {
    expect((await ask(strangerId)).statusCode).toBe(404);
    expect((await ask('0190a0b0-1111-7000-8000-000000000001')).statusCode).toBe(404);
    const malformed = await ask('demo@example.com');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { field: 'params.accountId' } });
  });
});
