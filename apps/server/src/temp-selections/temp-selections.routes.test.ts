import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TempSelectionSchema } from '@photo/contracts/temp-selections';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { insertTestPhotos } from '../testing/test-photos';

describe(`temp selections over HTTP (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedInCustomer;
  let stranger: SignedInCustomer;

  const create = (who: SignedIn, photoIds: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/temp-selections/temp-selections',
      headers: who.headers,
      payload: { photoIds },
    });
  const read = (who: SignedIn, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/temp-selections/temp-selections/${id}`, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
  });
  afterAll(() => t.close());

  it('saves the caller’s photos in their order and gives them back to the caller only', async () => {
    const ids = await insertTestPhotos(t.db, owner.customerId, [
      '2024-01-01T10:00:00',
      '2023-01-01T10:00:00',
      null,
    ]);
    const created = await create(owner, [ids[2], ids[0], ids[1], ids[0]]);
    expect(created.statusCode).toBe(201);
    const { tempSelectionId } = created.json<{ tempSelectionId: string }>();
    const selection = TempSelectionSchema.parse((await read(owner, tempSelectionId)).json());
    expect(selection.photoIds).toEqual([ids[2], ids[0], ids[1]]);
    const hoursLeft = (Date.parse(selection.expires) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    expect((await read(stranger, tempSelectionId)).statusCode).toBe(404);
    expect((await read(owner, 'not-an-id')).statusCode).toBe(404);
  });

  it('refuses another customer’s photo (404) and stores nothing', async () => {
    const [mine] = await insertTestPhotos(t.db, owner.customerId, ['2024-02-01T10:00:00']);
    const [theirs] = await insertTestPhotos(t.db, stranger.customerId, ['2024-02-01T10:00:00']);
    const { rows: before } = await t.db.query('SELECT id FROM temp_selections');
    for (const photoIds of [[mine, theirs], [theirs], [mine, 'nonsense']]) {
      expect((await create(owner, photoIds)).statusCode).toBe(404);
    }
    expect((await create(owner, [])).statusCode).toBe(400);
    const { rows: after } = await t.db.query('SELECT id FROM temp_selections');
    expect(after).toHaveLength(before.length);
  });

  it('forgets a selection after a day', async () => {
    const [photo] = await insertTestPhotos(t.db, owner.customerId, ['2024-03-01T10:00:00']);
    const { tempSelectionId } = (await create(owner, [photo])).json<{ tempSelectionId: string }>();
    await t.db.query(`UPDATE temp_selections SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      tempSelectionId,
    ]);
    expect((await read(owner, tempSelectionId)).statusCode).toBe(404);
  });
});
