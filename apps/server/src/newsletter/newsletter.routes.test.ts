import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION } from '@photo/contracts/newsletter';
import { hashSecret } from '../auth/sessions.service';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { rateLimits } from '../platform/rate-limits';
import { linkTo, mailsTo } from '../testing/mailbox';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';

describe(`newsletter double opt-in (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let demo: SignedIn;
  const base = '/api/email-gateway/api/v1/Profiles';

  const status = async () =>
    (await t.app.inject({ url: `${base}/me/subscription`, headers: demo.headers })).json<{ status: string }>()
      .status;
  const subscribe = () =>
    t.app.inject({
      method: 'POST',
      url: `${base}/me/subscription`,
      headers: demo.headers,
      payload: { consentTextVersion: NEWSLETTER_CONSENT_VERSION },
    });
  // The public calls of the mailed links: no session, no cookie.
  const publicPost = (path: string) =>
    t.app.inject({ method: 'POST', url: `${base}/${path}`, headers: { host: 'nl.localhost:8080' } });
  const linkParams = (link: string, tokenName: string) => {
    const url = new URL(link, 'http://x');
    return { email: url.searchParams.get('email')!, token: url.searchParams.get(tokenName)! };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(createCustomersRepository(t.db));
    demo = await signIn(t, { email: 'demo@example.com' });
  });
  afterAll(() => t.close());

  it('subscribes only once the mailed link is confirmed, keeping the proof of consent', async () => {
    expect(await status()).toBe('none');
    expect((await subscribe()).json()).toEqual({ status: 'pending' });
    const [mail] = await mailsTo(t, 'demo@example.com');
    expect(mail?.template).toBe('newsletter.confirm');
    const { email, token } = linkParams(linkTo(mail!, '/subscription-confirmation'), 'confirmation-token');
    expect(email).toBe('demo@example.com');

    expect(
      (await publicPost(`${encodeURIComponent('other@example.com')}/subscription/confirm/${token}`))
        .statusCode,
    ).toBe(404);
    expect((await publicPost(`${encodeURIComponent(email)}/subscription/confirm/${token}`)).statusCode).toBe(
      204,
    );
    expect((await publicPost(`${encodeURIComponent(email)}/subscription/confirm/${token}`)).statusCode).toBe(
      404,
    );
    expect(await status()).toBe('subscribed');

    const { rows } = await t.db.query<Record<string, unknown>>(
      'SELECT storefront_id, consent_text_version, confirmed_at, confirmed_ip FROM newsletter_subscriptions',
    );
    expect(rows[0]).toMatchObject({ storefront_id: 'nl', consent_text_version: NEWSLETTER_CONSENT_VERSION });
    expect(rows[0]!.confirmed_at).not.toBeNull();
    expect(rows[0]!.confirmed_ip).toBe('127.0.0.1');
  });

  it('unsubscribes from settings, and by the link of a mail written before the signed address', async () => {
    await t.app.inject({ method: 'DELETE', url: `${base}/me/subscription`, headers: demo.headers });
    expect(await status()).toBe('none');
    await subscribe();
    const [mail] = await mailsTo(t, 'demo@example.com');
    const confirm = linkParams(linkTo(mail!, '/subscription-confirmation'), 'confirmation-token');
    await publicPost(`${encodeURIComponent(confirm.email)}/subscription/confirm/${confirm.token}`);
    expect(await status()).toBe('subscribed');
    // Mails written before decision 119 link to the app's page with a random secret, kept hashed.
    await t.db.query('UPDATE newsletter_subscriptions SET unsubscribe_token_hash = $1', [
      hashSecret('secret-of-an-older-mail'),
    ]);
    expect(
      (
        await publicPost(
          `${encodeURIComponent(confirm.email)}/subscription/unsubscribe/secret-of-an-older-mail`,
        )
      ).statusCode,
    ).toBe(204);
    expect(await status()).toBe('none');
  });

  it('refuses an expired link and an unknown consent text', async () => {
    await subscribe();
    const [mail] = await mailsTo(t, 'demo@example.com');
    const { email, token } = linkParams(linkTo(mail!, '/subscription-confirmation'), 'confirmation-token');
    await t.db.query(`UPDATE newsletter_subscriptions SET confirm_expires_at = now() - interval '1 second'`);
    expect((await publicPost(`${encodeURIComponent(email)}/subscription/confirm/${token}`)).statusCode).toBe(
      404,
    );
    expect(await status()).toBe('none');
    const bad = await t.app.inject({
      method: 'POST',
      url: `${base}/me/subscription`,
      headers: demo.headers,
      payload: { consentTextVersion: 'old' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 429 when a customer asks for confirmation mails too often', async () => {
    const other = await signIn(t, { email: 'b2b@example.com' });
    const statuses: number[] = [];
    for (let asked = 0; asked <= rateLimits.newsletterConfirmations.max; asked += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `${base}/me/subscription`,
        headers: other.headers,
        payload: { consentTextVersion: NEWSLETTER_CONSENT_VERSION },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(rateLimits.newsletterConfirmations.max).fill(200), 429]);
    expect(await mailsTo(t, 'b2b@example.com')).toHaveLength(rateLimits.newsletterConfirmations.max);
  });
});
