import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  CallbackSettingsResultSchema,
  IntegrationSchema,
} from '@photo/contracts/integration';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDeliveryAddress } from '../testing/test-orders';
import { fireDueSchedules } from '../platform/job-queue';
import { CALLBACK_LOG_HOUSEKEEPING_JOB, callbackSignature } from './callback-delivery';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

describe(`the B2B integration over HTTP (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let receiver: Server;
  let receiverOrigin: string;
  let answerStatus = 200;
  const received: Received[] = [];
  let business: SignedInCustomer;
  let privateCustomer: SignedIn;
  let businessId: string;

  const call = (
    who: SignedIn,
    method: 'GET' | 'PATCH' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url: `/api/customers${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const save = (who: SignedIn, callbackUrl: string | null, callbackFormat = 'JSON') =>
    call(who, 'PATCH', '/customers/me', { callbackUrl, callbackFormat });

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = answerStatus;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp(
      { CALLBACK_ALLOWED_ORIGINS: receiverOrigin, FTP_HOST: 'ftp.example.test' },
      { holdRetries: true },
    );
    [business, privateCustomer] = await signInDemoAccounts(t, ['b2b@example.com', 'demo@example.com']);
    businessId = business.customerId;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('is for business customers only', async () => {
    expect((await call(privateCustomer, 'GET', '/customers/me/integration')).statusCode).toBe(403);
    expect((await save(privateCustomer, 'https://hooks.example.com/x')).statusCode).toBe(403);
    expect((await call(privateCustomer, 'POST', '/customers/me/callback-test')).statusCode).toBe(403);
  });

  it('shows the FTP instructions from config and no callback yet', async () => {
    const integration = IntegrationSchema.parse(
      (await call(business, 'GET', '/customers/me/integration')).json(),
    );
    expect(integration.ftp).toEqual({
      host: 'ftp.example.test',
      port: 21,
      user: 'b2b@example.com',
      folders: { incoming: '/orders/incoming', processed: '/orders/processed', failed: '/orders/failed' },
    });
    expect(integration.callbackUrl).toBeNull();
    expect(integration.hasSecret).toBe(false);
    expect((await call(business, 'POST', '/customers/me/callback-test')).statusCode).toBe(409);
  });

  it.each([
    'http://hooks.example.com/x',
    'https://127.0.0.1/x',
    'https://2130706433/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/x',
    'https://10.0.0.8/x',
  ])('refuses %s with a clear message and keeps the saved settings', async (url) => {
    const response = await save(business, url);
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{ error: { code: string; field: string; message: string } }>();
    expect(error.code).toBe('callback_url_refused');
    expect(error.field).toBe('body.callbackUrl');
    expect(error.message).toMatch(/https:\/\/|public internet/);
    const integration = IntegrationSchema.parse(
      (await call(business, 'GET', '/customers/me/integration')).json(),
    );
    expect(integration.callbackUrl).toBeNull();
  });

  it('saves a callback URL, shows the secret once, and delivers signed JSON and XML callbacks', async () => {
    const saved = await save(business, `${receiverOrigin}/callbacks`);
    expect(saved.statusCode).toBe(200);
    const result = CallbackSettingsResultSchema.parse(saved.json());
    expect(result.callbackUrl).toBe(`${receiverOrigin}/callbacks`);
    expect(result.callbackFormat).toBe('JSON');
    const secret = result.callbackSecret!;
    expect(secret).toMatch(/^whsec_/);
    // Saved again: the secret is not shown a second time.
    expect(
      CallbackSettingsResultSchema.parse((await save(business, `${receiverOrigin}/callbacks`)).json())
        .callbackSecret,
    ).toBeNull();

    expect((await call(business, 'POST', '/customers/me/callback-test')).statusCode).toBe(202);
    await t.app.jobs.drain();
    const json = received.at(-1)!;
    const timestamp = json.headers[CALLBACK_TIMESTAMP_HEADER] as string;
    expect(json.headers[CALLBACK_SIGNATURE_HEADER]).toBe(callbackSignature(secret, timestamp, json.body));
    expect(json.headers['content-type']).toBe('application/json');
    expect(JSON.parse(json.body)).toMatchObject({ event: 'test', order: null });

    await save(business, `${receiverOrigin}/callbacks`, 'XML');
    await call(business, 'POST', '/customers/me/callback-test');
    await t.app.jobs.drain();
    const xml = received.at(-1)!;
    expect(xml.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><callback><deliveryId>[^<]+<\/deliveryId><event>test<\/event>/,
    );
    expect(xml.headers[CALLBACK_SIGNATURE_HEADER]).toBe(
      callbackSignature(secret, xml.headers[CALLBACK_TIMESTAMP_HEADER] as string, xml.body),
    );

    const log = IntegrationSchema.parse((await call(business, 'GET', '/customers/me/integration')).json());
    expect(
      log.deliveries
        .slice(0, 2)
        .map((delivery) => [delivery.state, delivery.responseStatus, delivery.attempts]),
    ).toEqual([
      ['delivered', 200, 1],
      ['delivered', 200, 1],
    ]);
  });

  it('signs an order status change the shop reports and logs a failed attempt for a retry', async () => {
    const shop = t.app.shopApi.orders;
    await save(business, `${receiverOrigin}/callbacks`, 'JSON');
    await shop.putSuperOrder('ORD-1001', {
      accountId: businessId,
      storefront: 'nl',
      createdAt: '2026-11-20T09:00:00Z',
      changedAt: '2026-11-20T09:00:00Z',
      deliveryType: 'Home',
      deliveryAddress: testDeliveryAddress({ firstName: 'Bram', lastName: 'Bakker' }),
      orders: [
        {
          id: 'ORD-1001-1',
          products: [
            {
              lineId: '1',
              code: 'PAP_910',
              articleName: 'Prints',
              articleGroup: 'prints',
              quantity: 10,
              unitPrice: 19,
            },
          ],
        },
      ],
    });
    await t.app.jobs.drain();
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      event: 'order.status-changed',
      order: { orderCode: 'ORD-1001', orderId: 'ORD-1001-1', status: 'AwaitingPayment', state: 'Received' },
    });
    await save(business, `${receiverOrigin}/callbacks`, 'XML');
    answerStatus = 503;
    await shop.putState('ORD-1001-1', 'ProductionStarted', '2026-11-20T10:00:00Z');
    // A report of a state the order has passed changes nothing and sends nothing.
    await shop.putState('ORD-1001-1', 'Confirmed', '2026-11-20T10:05:00Z');
    await t.app.jobs.drain();
    answerStatus = 200;
    const body = received.at(-1)!.body;
    expect(body).toContain(
      '<orderCode>ORD-1001</orderCode><orderId>ORD-1001-1</orderId><status>InProduction</status><state>ProductionStarted</state>',
    );
    const [latest] = IntegrationSchema.parse(
      (await call(business, 'GET', '/customers/me/integration')).json(),
    ).deliveries;
    expect(latest).toMatchObject({
      event: 'order.status-changed',
      orderCode: 'ORD-1001',
      state: 'pending',
      attempts: 1,
      responseStatus: 503,
    });
    const { rows } = await t.db.query<{ state: string; due: boolean }>(
      `SELECT state, run_at > now() AS due FROM jobs WHERE kind = 'integration.callback-delivery'`,
    );
    expect(rows).toEqual([{ state: 'queued', due: true }]);
    await t.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'integration.callback-delivery'`);
    await t.app.jobs.drain();
    const [retried] = IntegrationSchema.parse(
      (await call(business, 'GET', '/customers/me/integration')).json(),
    ).deliveries;
    expect(retried).toMatchObject({ state: 'delivered', attempts: 2, responseStatus: 200 });
  });

  it('checks the address again at delivery and sends nothing to a private one', async () => {
    const before = received.length;
    await t.db.query(`UPDATE customers SET callback_url = 'https://127.0.0.1/callbacks' WHERE id = $1`, [
      businessId,
    ]);
    await call(business, 'POST', '/customers/me/callback-test');
    await t.app.jobs.drain();
    expect(received.length).toBe(before);
    const [latest] = IntegrationSchema.parse(
      (await call(business, 'GET', '/customers/me/integration')).json(),
    ).deliveries;
    expect(latest).toMatchObject({ state: 'failed', responseStatus: null });
  });

  it('makes a new secret on request, and the next callback is signed with it', async () => {
    await save(business, `${receiverOrigin}/callbacks`, 'JSON');
    const renewed = await call(business, 'POST', '/customers/me/callback-secret');
    expect(renewed.statusCode).toBe(201);
    const { callbackSecret } = renewed.json<{ callbackSecret: string }>();
    await call(business, 'POST', '/customers/me/callback-test');
    await t.app.jobs.drain();
    const last = received.at(-1)!;
    expect(last.headers[CALLBACK_SIGNATURE_HEADER]).toBe(
      callbackSignature(callbackSecret, last.headers[CALLBACK_TIMESTAMP_HEADER] as string, last.body),
    );
  });

  it('keeps finished deliveries in the log for 90 days', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `UPDATE callback_deliveries SET created_at = now() - interval '91 days'
       WHERE id = (SELECT id FROM callback_deliveries WHERE state = 'delivered' LIMIT 1) RETURNING id`,
    );
    const before = IntegrationSchema.parse((await call(business, 'GET', '/customers/me/integration')).json());
    expect(before.deliveries.map((delivery) => delivery.id)).toContain(rows[0]!.id);
    await t.db.query(`UPDATE schedules SET next_run_at = now() WHERE name = $1`, [
      CALLBACK_LOG_HOUSEKEEPING_JOB,
    ]);
    await fireDueSchedules(t.db, [
      { name: CALLBACK_LOG_HOUSEKEEPING_JOB, kind: CALLBACK_LOG_HOUSEKEEPING_JOB, everySeconds: 86_400 },
    ]);
    await t.app.jobs.drain();
    const after = IntegrationSchema.parse((await call(business, 'GET', '/customers/me/integration')).json());
    expect(after.deliveries.map((delivery) => delivery.id)).not.toContain(rows[0]!.id);
    expect(after.deliveries.length).toBe(before.deliveries.length - 1);
  });
});
