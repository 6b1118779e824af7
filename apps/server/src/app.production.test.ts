import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfigSchema } from '@photo/contracts/app-config';
import { createCustomersRepository } from './customers/customers.repository';
import { seedDemoAccounts } from './demo/demo-accounts';
import { createTestApp, type TestApp } from './testing/test-app';
import { signIn } from './testing/sign-in';

/**
 * A production start with proper settings (issue 20): none of the demo's or the tests' aids is
 * reachable, whatever the client sends, and the web app's page is not what those addresses answer.
 */
describe('a production start', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'photo-web-dist-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>account area</title>');
    t = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'account@shop.example',
      SHOP_API_TOKEN: 'a-shop-token-of-at-least-thirty-two-characters',
      WEB_DIST_DIR: webDist,
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const fromThisMachine = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: 'nl.localhost:8080', origin: 'http://nl.localhost:8080' },
      ...(payload ? { payload } : {}),
    });

  it('serves the web app, but no /dev/* and no /test-payments/* address, even to this machine', async () => {
    expect((await fromThisMachine('GET', '/orders')).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/mailbox.json'],
      ['GET', '/dev/clock'],
      ['PUT', '/dev/clock', { offsetDays: 30 }],
      ['GET', '/test-payments/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
      ['POST', '/test-payments/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { decision: 'pay' }],
    ] as const) {
      const response = await fromThisMachine(method, url, payload);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(response.body).not.toContain('account area');
    }
  });

  it('answers an unknown shop-side address with a 404 JSON error, with or without the token', async () => {
    for (const url of [
      '/shop-api',
      '/shop-api/v1/nothing',
      '/Shop-Api/v1/superorders/NL-1',
      '/shop-api/v2?x=1',
    ]) {
      for (const headers of [
        {},
        { authorization: 'Bearer a-shop-token-of-at-least-thirty-two-characters' },
      ]) {
        const response = await t.app.inject({ url, headers: { host: 'nl.localhost:8080', ...headers } });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    }
  });

  it('pays nothing without a payment provider: the own prints page is off, a card is not saved', async () => {
    const config = AppConfigSchema.parse(
      (await t.app.inject({ url: '/config.json', headers: { host: 'nl.localhost:8080' } })).json(),
    );
    expect(config.printsOrdering.enabled).toBe(false);
    // A customer of the test's own (no demo data in production).
    await seedDemoAccounts(createCustomersRepository(t.db));
    const customer = await signIn(t, { email: 'demo@example.com' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/customers/customers/me/payment-method',
      headers: customer.headers,
      payload: { method: 'card' },
    });
    expect(saved.statusCode).toBe(503);
    expect(saved.json()).toMatchObject({ error: { code: 'payments_unavailable' } });
  });
});
