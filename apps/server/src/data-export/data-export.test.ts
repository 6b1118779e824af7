import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadListSchema } from '@photo/contracts/downloads';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { testAddressInput } from '../testing/test-addresses';
import { createTestApp, type TestApp } from '../testing/test-app';
import { insertTestOrder } from '../testing/test-orders';
import { insertTestPhotos } from '../testing/test-photos';
import { zipEntries } from '../testing/zip-entries';

describe(`'Download my data' (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedInCustomer;
  let stranger: SignedIn;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
    ownerId = owner.customerId;
  });
  afterAll(() => t.close());

  it('builds an archive of every photo and the account’s data, downloadable by its owner only', async () => {
    const photoIds = await insertTestPhotos(t.db, ownerId, ['2024-01-02T10:00:00', '2023-05-06T11:00:00']);
    for (const id of photoIds) {
      await t.blobs.put(`photos/${ownerId}/${id}/original`, Buffer.from(`jpeg ${id}`), 'image/jpeg');
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/customers/me/addresses',
      headers: owner.headers,
      payload: testAddressInput(),
    });
    const { code, orderId } = await insertTestOrder(t.db, ownerId);
    await t.db.query(
      `INSERT INTO invoices (id, customer_id, storefront_id, number, invoice_number, order_id, order_ref, issued_at,
         currency, gross_total, snapshot)
       VALUES ($1, $2, 'export-test', 1, 'NL-0001', $3, $4, now(), 'EUR', 2995, $5)`,
      [
        randomUUID(),
        ownerId,
        orderId,
        code,
        JSON.stringify({ buyer: { companyName: 'Demi', addressLines: [], country: 'NL', vatId: null } }),
      ],
    );
    await t.db.query(
      `INSERT INTO projects (id, owner_id, storefront_id, name, product_code, product_name)
       VALUES ($1, $2, 'photo-shop-nl', 'Holiday book', 'BOOK_A4_HARD', 'Photo book')`,
      [randomUUID(), ownerId],
    );
    const id = randomUUID();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/customers/customers/me/data-export',
      headers: owner.headers,
      // The name is the client's to choose: it is cleaned like typed text (decision 118).
      payload: { id, name: 'Mijn \u202Egegevens\u202C\n' },
    });
    expect(asked.statusCode).toBe(202);
    await t.app.jobs.drain();

    const listed = DownloadListSchema.parse(
      (await t.app.inject({ url: '/api/downloads/downloads', headers: owner.headers })).json(),
    ).items.find((download) => download.id === id);
    expect(listed).toMatchObject({ state: 'ready', name: 'Mijn gegevens', photoCount: 2 });

    const link = await t.app.inject({ url: `/api/downloads/downloads/${id}/url`, headers: owner.headers });
    expect(
      (await t.app.inject({ url: `/api/downloads/downloads/${id}/url`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    const address = new URL(link.json<{ url: string }>().url);
    const zip = await t.app.inject({
      url: `${address.pathname}${address.search}`,
      headers: { host: address.host },
    });
    const entries = await zipEntries(zip.rawPayload);
    const names = entries.map((entry) => entry.name);
    expect(names.filter((name) => name.endsWith('.jpg'))).toHaveLength(2);
    expect(names).toEqual(
      expect.arrayContaining([
        'profile.json',
        'addresses.json',
        'albums.json',
        'newsletter.json',
        'orders.json',
        'invoices.json',
        'projects.json',
      ]),
    );
    const read = (name: string) =>
      JSON.parse(entries.find((entry) => entry.name === name)!.data.toString()) as unknown;
    expect(read('orders.json')).toEqual([
      expect.objectContaining({
        code,
        orders: [
          expect.objectContaining({
            products: [expect.objectContaining({ articleName: 'Photo book', quantity: 1 })],
          }),
        ],
      }),
    ]);
    expect(read('invoices.json')).toEqual([
      expect.objectContaining({ invoiceNumber: 'NL-0001', orderRef: code, grossTotal: 2995 }),
    ]);
    expect(read('projects.json')).toEqual([
      expect.objectContaining({ name: 'Holiday book', hasPreview: false }),
    ]);
    const profile = JSON.parse(
      entries.find((entry) => entry.name === 'profile.json')!.data.toString(),
    ) as Record<string, unknown>;
    expect(profile).toMatchObject({ email: 'demo@example.com', firstName: 'Demi' });
    expect(profile).not.toHaveProperty('passwordHash');
    const addresses = JSON.parse(
      entries.find((entry) => entry.name === 'addresses.json')!.data.toString(),
    ) as unknown[];
    expect(addresses).toEqual([expect.objectContaining({ street: 'Damrak', postcode: '1012 LG' })]);
  });
});
