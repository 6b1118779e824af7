import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoEvent } from '@photo/contracts/photos';
import { openPostgresDatabase, type Database } from '../platform/database';
import { createPhotoEventBus } from './photo-events';

const url = process.env.DATABASE_URL;

// Two connection pools stand for two replicas: the job ran in one, the customer's socket lives in the other.
describe.skipIf(!url)('photo events across processes (PostgreSQL)', () => {
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
    const publisher = createPhotoEventBus(jobProcess);
    const listener = createPhotoEventBus(socketProcess);
    const received: PhotoEvent[] = [];
    const others: PhotoEvent[] = [];
    await listener.subscribe('customer-a', (event) => received.push(event));
    await listener.subscribe('customer-b', (event) => others.push(event));
    await publisher.publish('customer-a', 'photo-processed', { photoId: 'p1' });
    await expect.poll(() => received.map((event) => event.data.payload)).toEqual([{ photoId: 'p1' }]);
    expect(others).toEqual([]);
    await listener.close();
    await publisher.close();
  });
});
