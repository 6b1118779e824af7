import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_LIFETIME_CLOSE_CODE, PUSH_RESTART_CLOSE_CODE } from '@photo/contracts/photos';
import type { Database } from '../platform/database';
import { createTestDatabase } from '../testing/test-database';
import { createCustomerPushBus, type CustomerPushBus } from './customer-push';
import { registerPushRoutes } from './push.routes';

// Sign-in is tested with the real flow elsewhere (photos.routes.test.ts); here a token is a customer id.
const caller = (customerId: string) => ({ customerId, isB2B: false, storefrontId: 'nl' });

/** A socket that has sent its token and been answered OK; what it receives, and how it closed. */
async function signedInSocket(app: FastifyInstance, token: string) {
  const socket = await app.injectWS('/api/photos/events');
  const messages: string[] = [];
  socket.on('message', (data: Buffer) => messages.push(data.toString()));
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  socket.send(JSON.stringify({ action: 'authenticate', token }));
  await expect.poll(() => messages).toEqual(['OK']);
  return { messages, closed };
}

describe('the push channel', () => {
  let db: Database;
  let push: CustomerPushBus;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase();
    push = createCustomerPushBus(db);
    app = Fastify();
    app.decorateRequest('storefront', null as never);
    await registerPushRoutes(app, {
      push,
      authenticateUpgrade: async () => Promise.reject(new Error('no session')),
      verifyToken: async (token) => caller(token),
      lifetimeMs: 300,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await push.close();
    await db.close();
  });

  it('sends a token client its own messages after OK, and closes when its lifetime is up', async () => {
    const { messages, closed } = await signedInSocket(app, 'customer-a');

    await push.publish('customer-b', { key: 'archive-generation-finished', downloadId: 'theirs' });
    await push.publish('customer-a', { key: 'archive-generation-finished', downloadId: 'mine' });
    await expect.poll(() => messages.length).toBe(2);
    expect(JSON.parse(messages[1]!)).toEqual({ key: 'archive-generation-finished', downloadId: 'mine' });
    expect(await closed).toBe(PUSH_LIFETIME_CLOSE_CODE);
  });
});

describe('a stopping replica', () => {
  it('tells its open push sockets to reconnect (1012) before it stops', async () => {
    const db = await createTestDatabase();
    const push = createCustomerPushBus(db);
    const app = Fastify();
    app.decorateRequest('storefront', null as never);
    await registerPushRoutes(app, {
      push,
      authenticateUpgrade: async () => Promise.reject(new Error('no session')),
      verifyToken: async (token) => caller(token),
    });
    await app.ready();
    const { closed } = await signedInSocket(app, 'customer-a');

    await app.close();
    expect(await closed).toBe(PUSH_RESTART_CLOSE_CODE);
    await push.close();
    await db.close();
  });
});
