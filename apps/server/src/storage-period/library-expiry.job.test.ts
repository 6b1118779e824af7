import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { createDownloadsRepository } from '../downloads/downloads.repository';
import { createAlbumsRepository } from '../photos/albums.repository';
import { fixedClock } from '../platform/clock';
import { uuidv7 } from '../platform/uuid';
import { createOrderIntakeService } from '../orders/order-intake.service';
import { createStorefrontResolver } from '../storefronts/storefronts';
import { mailsTo } from '../testing/mailbox';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDeliveryAddress, testSuperOrder } from '../testing/test-orders';
import { insertTestPhotos } from '../testing/test-photos';
import { createLibraryExpiryWork, LIBRARY_EXPIRY_JOB } from './library-expiry.job';

describe(`the deletion of expired libraries (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const clock = fixedClock('2026-06-01T00:00:00Z');
  const ids: Record<'lapsed' | 'ordered' | 'late', string> = { lapsed: '', ordered: '', late: '' };
  const emails = { lapsed: 'demo@example.com', ordered: 'b2b@example.com', late: 'b2b-new@example.com' };

  const run = async (at: string) => {
    clock.set(at);
    const work = createLibraryExpiryWork({
      db: t.db,
      clock,
      storefronts: createStorefrontResolver(t.config),
      logger: t.app.log,
    });
    await work.handlers[LIBRARY_EXPIRY_JOB]!({
      id: uuidv7(),
      kind: LIBRARY_EXPIRY_JOB,
      payload: {},
      attempts: 1,
      maxAttempts: 1,
    });
    await t.app.jobs.drain();
  };
  const count = async (table: string, ownerId: string) =>
    Number(
      (
        await t.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table} WHERE owner_id = $1`, [
          ownerId,
        ])
      ).rows[0]!.n,
    );
  const stored = async (ownerId: string) => ({
    photos: await count('photos', ownerId),
    albums: await count('albums', ownerId),
    downloads: await count('downloads', ownerId),
    held: await count('shop_held_photos', ownerId),
  });
  const subjects = async (who: keyof typeof emails) =>
    (await mailsTo(t, emails[who], 'uk.localhost:8080'))
      .filter((mail) => mail.subject.startsWith('Your photos will be deleted'))
      .map((mail) => mail.subject);

  const fillLibrary = async (ownerId: string) => {
    const photos = await insertTestPhotos(t.db, ownerId, ['2024-05-01T10:00:00', '2024-05-02T10:00:00']);
    const albums = createAlbumsRepository(t.db);
    const albumId = uuidv7();
    await albums.insert({ id: albumId, ownerId, name: 'Holiday' });
    await albums.addPhotos(ownerId, albumId, photos);
    const downloadId = uuidv7();
    await createDownloadsRepository(t.db).insert(
      {
        ownerId,
        id: downloadId,
        source: 'library',
        albumId: null,
        name: null,
        photos: [{ photoId: photos[0]!, ownerId, fileName: 'photo-0.jpg' }],
        locale: 'en-GB',
      },
      7,
    );
    await t.blobs.put(
      `archives/${ownerId}/${downloadId}/${downloadId}.zip`,
      Buffer.from('zip'),
      'application/zip',
    );
    await t.blobs.put(`held/${ownerId}.jpg`, Buffer.from('jpg'), 'image/jpeg');
    await t.db.query(
      `INSERT INTO shop_held_photos (owner_id, blob_key, file_name) VALUES ($1, $2, 'held.jpg')`,
      [ownerId, `held/${ownerId}.jpg`],
    );
    return { downloadId };
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    for (const who of Object.keys(emails) as Array<keyof typeof emails>) {
      ids[who] = (await customers.findActiveByEmail(emails[who]))!.id;
      // Registered without orders: the period ends on 15 July 2026.
      await t.db.query(`UPDATE customers SET registered_at = '2025-01-15T00:00:00Z' WHERE id = $1`, [
        ids[who],
      ]);
    }
  });
  afterAll(() => t.close());

  it('mails 30 and 7 days before, deletes only what expired, and never a library an order saved', async () => {
    const { downloadId } = await fillLibrary(ids.lapsed);
    await fillLibrary(ids.ordered);
    const full = { photos: 2, albums: 1, downloads: 1, held: 1 };

    await run('2026-06-01T00:00:00Z');
    expect(await subjects('lapsed')).toEqual([]);

    await run('2026-06-16T00:00:00Z');
    expect(await subjects('lapsed')).toEqual(['Your photos will be deleted on 15 July 2026']);
    expect(await subjects('ordered')).toEqual(['Your photos will be deleted on 15 July 2026']);
    // A second look the same day sends nothing twice.
    await run('2026-06-16T06:00:00Z');
    expect(await subjects('lapsed')).toHaveLength(1);

    // The second customer orders: their period starts again.
    await createOrderIntakeService({ db: t.db, customers: createCustomersRepository(t.db) }).putSuperOrder(
      'NL-9',
      testSuperOrder('NL-9', ids.ordered, '2026-06-20T10:00:00.000Z', {
        deliveryAddress: testDeliveryAddress({
          firstName: 'Bram',
          lastName: 'Bakker',
          street: 'Dam',
          houseNumber: '1',
          postcode: '1012 JS',
        }),
      }),
    );

    await run('2026-07-08T12:00:00Z');
    expect(await subjects('lapsed')).toHaveLength(2);
    expect(await subjects('ordered')).toHaveLength(1);

    // The third customer's library appears only now: the job meets its date without any notice.
    await fillLibrary(ids.late);
    await run('2026-07-15T13:00:00Z');
    expect(await stored(ids.lapsed)).toEqual({ photos: 0, albums: 0, downloads: 0, held: 0 });
    expect(await t.blobs.stat(`archives/${ids.lapsed}/${downloadId}/${downloadId}.zip`)).toBeUndefined();
    expect(await t.blobs.stat(`held/${ids.lapsed}.jpg`)).toBeUndefined();
    expect(await stored(ids.ordered)).toEqual(full);
    // Warned late: a week's notice from now, nothing deleted yet.
    expect(await subjects('late')).toEqual(['Your photos will be deleted on 15 July 2026']);
    expect(await stored(ids.late)).toEqual(full);

    await run('2026-07-22T12:00:00Z');
    expect(await stored(ids.late)).toEqual(full);
    await run('2026-07-22T14:00:00Z');
    expect(await stored(ids.late)).toEqual({ photos: 0, albums: 0, downloads: 0, held: 0 });
    expect(await stored(ids.ordered)).toEqual(full);
    // The accounts stay; only their libraries went, once each.
    const { rows } = await t.db.query<{ customer_id: string }>('SELECT customer_id FROM storage_expiries');
    expect(rows.map((row) => row.customer_id).sort()).toEqual([ids.lapsed, ids.late].sort());
  });
});
