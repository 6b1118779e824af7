import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedOrderSchema, PhotoBookSchema } from '@photo/contracts/photo-books';
import { createCustomersRepository } from '../customers/customers.repository';
import { createRateWindows } from '../platform/rate-windows';
import { signIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createPhotoBooksService } from '../photo-books/photo-books.service';
import { findDemoAccounts, seedDemoAccounts } from './demo-accounts';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPhotoBooks } from './demo-photo-book';

describe('demo online photo books', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('puts the private demo customer’s delivered photo book online and in the default storefront’s gallery, and blocks the one in production, once', async () => {
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    const accounts = await findDemoAccounts(customers);
    await seedDemoOrders(t.db, t.app.shopApi.orders, accounts, new Date());
    const customer = accounts[0]!;
    const photoBooks = createPhotoBooksService({
      db: t.db,
      blobs: t.blobs,
      rateWindows: createRateWindows(t.db),
    });
    expect(await seedDemoPhotoBooks(t.db, photoBooks, customer.id)).toBe(2);
    expect(await seedDemoPhotoBooks(t.db, photoBooks, customer.id)).toBe(0);

    const demo = await signIn(t, { email: 'demo@example.com', host: 'uk.localhost:8080' });
    const books = (await t.app.inject({ url: '/api/widgets/v1/widget/all', headers: demo.headers }))
      .json<unknown[]>()
      .map((entry) => PhotoBookSchema.parse(entry));
    expect(books).toEqual([
      expect.objectContaining({ title: 'Summer in Sweden', pageCount: 16, isPublic: true }),
    ]);
    const viewer = await t.app.inject({
      url: new URL(books[0]!.viewerUrl).pathname,
      headers: { host: 'uk.localhost:8080' },
    });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body).toContain('Page 1 of 16');

    // Published in the default storefront's gallery (plain localhost serves it), so a fresh start shows one.
    const gallery = await t.app.inject({ url: '/photo-books/gallery', headers: { host: 'localhost:8080' } });
    expect(gallery.statusCode).toBe(200);
    expect(gallery.body).toContain(`href="${new URL(books[0]!.viewerUrl).pathname}"`);
    expect(gallery.body).toContain('Summer in Sweden');
    const travel = await t.app.inject({
      url: '/photo-books/gallery?category=travel',
      headers: { host: 'uk.localhost:8080' },
    });
    expect(travel.body).toContain('Summer in Sweden');
    const otherStorefront = await t.app.inject({
      url: '/photo-books/gallery',
      headers: { host: 'nl.localhost:8080' },
    });
    expect(otherStorefront.body).not.toContain('Summer in Sweden');

    const blocked = await t.app.inject({
      url: `/api/gallery/v1/blockedorders/${customer.id}`,
      headers: demo.headers,
    });
    expect(blocked.json<unknown[]>().map((entry) => BlockedOrderSchema.parse(entry))).toEqual([
      expect.objectContaining({ title: 'Our wedding day', reason: 'licensedContent' }),
    ]);
  }, 120_000);
});
