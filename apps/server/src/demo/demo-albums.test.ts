import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { signIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoAlbums } from './demo-albums';
import { seedDemoPhotos } from './demo-photos';

describe('demo albums', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the demo customer two albums and one shared by a friend, once', async () => {
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    const customer = (await customers.findActiveByEmail('demo@example.com'))!;
    const friend = (await customers.findActiveByEmail('b2b@example.com'))!;
    await seedDemoPhotos(t.db, t.blobs, customer.id);
    const accounts = { customerId: customer.id, friendId: friend.id, customerEmail: customer.email };
    expect(await seedDemoAlbums(t.db, t.blobs, t.config.limits, accounts)).toBe(3);
    expect(await seedDemoAlbums(t.db, t.blobs, t.config.limits, accounts)).toBe(0);
    await t.app.jobs.drain();

    const demo = await signIn(t, { email: 'demo@example.com' });
    const own = await t.app.inject({ url: '/api/photos/albums', headers: demo.headers });
    expect(own.json<{ albums: Array<{ albumName: string; photosCount: number }> }>().albums).toEqual([
      expect.objectContaining({ albumName: 'Christmas 2025', photosCount: 2 }),
      expect.objectContaining({ albumName: 'Summer 2026', photosCount: 6 }),
    ]);
    const shared = await t.app.inject({ url: '/api/share/shared-albums', headers: demo.headers });
    expect(shared.json()).toMatchObject({
      albums: [{ albumName: 'Lake weekend', photosCount: 3, coverPhoto: { status: 'ready' } }],
    });
    // The import of the first visit finds the album photos in the library: nothing twice.
    await t.app.inject({ method: 'POST', url: '/api/photos/users/activate', headers: demo.headers });
    await t.app.jobs.drain();
    const info = await t.app.inject({ url: '/api/photos/users', headers: demo.headers });
    expect(info.json()).toMatchObject({ photosCount: 11, albumsCount: 2, status: 'ACTIVE' });
  });
});
