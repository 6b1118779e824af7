import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInformationSchema } from '@photo/contracts/storage-period';
import { createCustomersRepository } from '../customers/customers.repository';
import { fixedClock } from '../platform/clock';
import { createOrderIntakeService } from '../orders/order-intake.service';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testSuperOrder } from '../testing/test-orders';

describe(`storage calls of docs/product/calls.md (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let demo: SignedInCustomer;
  let stranger: SignedInCustomer;
  let demoId: string;
  let strangerId: string;
  const clock = fixedClock('2026-11-24T12:00:00Z');

  const information = async (who: SignedIn) => {
    const response = await t.app.inject({
      url: '/api/storage/accounts/getaccountinformation',
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    return AccountInformationSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    [demo, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
    demoId = demo.customerId;
    strangerId = stranger.customerId;
    await t.db.query(`UPDATE customers SET registered_at = '2025-08-31T09:00:00Z' WHERE id = $1`, [demoId]);
  });
  afterAll(() => t.close());

  it('keeps photos 18 months after registration while there is no order', async () => {
    expect(await information(demo)).toEqual({
      lastOrderDate: null,
      projectCount: 0,
      projectedDeletionDate: '2027-02-28T09:00:00.000Z',
      registrationDate: '2025-08-31T09:00:00.000Z',
      daysRemaining: 95,
      monthsRemaining: 3,
      status: 'safe',
    });
    clock.set('2027-01-10T12:00:00Z');
    expect(await information(demo)).toMatchObject({ monthsRemaining: 1, status: 'warning' });
    clock.set('2027-02-27T10:00:00Z');
    expect(await information(demo)).toMatchObject({
      daysRemaining: 0,
      monthsRemaining: 0,
      status: 'critical',
    });
  });

  it('counts the caller’s saved projects', async () => {
    await t.db.query(
      `INSERT INTO projects (id, owner_id, storefront_id, name, product_code, product_name)
       VALUES (gen_random_uuid(), $1, 'nl', 'Holiday book', 'BOOK_A4', 'Photo book A4'),
              (gen_random_uuid(), $1, 'nl', 'Calendar', 'CAL_A3', 'Calendar A3'),
              (gen_random_uuid(), $2, 'nl', 'Not theirs', 'CAL_A3', 'Calendar A3')`,
      [demoId, strangerId],
    );
    expect((await information(demo)).projectCount).toBe(2);
  });

  it('restarts the period at every new order, and a cancelled order keeps nothing', async () => {
    clock.set('2027-02-27T10:00:00Z');
    const shop = createOrderIntakeService({ db: t.db, customers: createCustomersRepository(t.db) });
    await shop.putSuperOrder(
      'NL-CANCELLED',
      testSuperOrder('NL-CANCELLED', demoId, '2027-02-01T08:00:00.000Z', { cancelled: true }),
    );
    expect(await information(demo)).toMatchObject({ lastOrderDate: null, status: 'critical' });
    await shop.putSuperOrder('NL-1', testSuperOrder('NL-1', demoId, '2027-02-20T08:00:00.000Z'));
    expect(await information(demo)).toMatchObject({
      lastOrderDate: '2027-02-20T08:00:00.000Z',
      projectedDeletionDate: '2028-08-20T08:00:00.000Z',
      monthsRemaining: 17,
      status: 'safe',
    });
    // Another customer's orders change nothing for this one.
    await shop.putSuperOrder('NL-2', testSuperOrder('NL-2', strangerId, '2027-02-26T08:00:00.000Z'));
    expect((await information(demo)).lastOrderDate).toBe('2027-02-20T08:00:00.000Z');
  });

  it('answers an upload the shop holds for the caller only; 404 means none', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO shop_held_photos (owner_id, blob_key, file_name) VALUES ($1, 'held/a.jpg', 'beach.jpg'),
         (NULL, 'held/b.jpg', 'editor.jpg'), (NULL, 'held/c.jpg', 'editor-2.jpg') RETURNING id`,
      [demoId],
    );
    const [mine, anonymous, anonymous2] = rows.map((row) => row.id);
    const upload = (who: SignedIn, id: string, accountId: string) =>
      t.app.inject({ url: `/api/storage/uploads/${id}?accountId=${accountId}`, headers: who.headers });
    const found = await upload(demo, mine!, demoId);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: mine, fileName: 'beach.jpg', accountId: demoId });
    expect((await upload(stranger, mine!, demoId)).statusCode).toBe(404);
    expect((await upload(stranger, mine!, strangerId)).statusCode).toBe(404);
    expect((await upload(demo, anonymous!, demoId)).statusCode).toBe(404);
    expect((await upload(demo, 'not-an-id', demoId)).statusCode).toBe(404);

    const anonymousUploads = (ids: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/storage/getanonymousuploads',
        headers: demo.headers,
        payload: { ids },
      });
    const answer = await anonymousUploads([anonymous!, mine!, anonymous2!, 'nonsense']);
    expect(answer.statusCode).toBe(200);
    const names = answer.json<{ uploads: Array<{ fileName: string }> }>().uploads.map((u) => u.fileName);
    expect(names.sort()).toEqual(['editor-2.jpg', 'editor.jpg']);
    expect((await anonymousUploads([mine!])).statusCode).toBe(404);
    expect((await anonymousUploads([])).statusCode).toBe(400);
  });
});
