import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase, type Database } from '../platform/database';
import { createCustomerPushBus, type PushMessage } from './customer-push';

const url = process.env.DATABASE_URL;

// Two connection pools stand for two replicas: the job ran in one, the customer's socket lives in the other.
describe.skipIf(!url)('push messages across processes (PostgreSQL)', () => {
  let jobProcess: Database;
  let socketProcess: Database;
  beforeAll(async () => {
    jobProcess = await openPostgresDatabase(url!, { maxConnections: 2 });
    socketProcess = await openPostgresDatabase(url!, { maxConnections: 2 });
  });
  afterAll(async () => {
    await jobProcess.close();
    await socketProcess.close();
  });

  it('reaches the browser connected to another process, and only its own customer', async () => {
    const publisher = createCustomerPushBus(jobProcess);
    const listener = createCustomerPushBus(socketProcess);
    const received: PushMessage[] = [];
    const others: PushMessage[] = [];
    await listener.subscribe('customer-a', (message) => received.push(message));
    await listener.subscribe('customer-b', (message) => others.push(message));
    await publisher.publish('customer-a', { key: 'archive-generation-finished', downloadId: 'd1' });
    await expect.poll(() => received).toEqual([{ key: 'archive-generation-finished', downloadId: 'd1' }]);
    expect(others).toEqual([]);
    await listener.close();
    await publisher.close();
  });
});
