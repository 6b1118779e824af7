import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { createRateWindows, type RateWindows } from './rate-windows';

describe(`rate windows (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  let windows: RateWindows;
  beforeAll(async () => {
    db = await createTestDatabase();
    windows = createRateWindows(db);
  });
  afterAll(() => db.close());

  it('counts hits per key within one window, and starts again when it has ended', async () => {
    expect(await windows.current('a')).toBe(0);
    expect((await windows.hit('a', 60)).count).toBe(1);
    expect((await windows.hit('a', 60)).count).toBe(2);
    expect((await windows.hit('b', 60)).count).toBe(1);
    expect(await windows.current('a')).toBe(2);

    await db.query(`UPDATE rate_windows SET window_ends_at = now() - interval '1 second' WHERE key = 'a'`);
    expect(await windows.current('a')).toBe(0);
    const restarted = await windows.hit('a', 60);
    expect(restarted.count).toBe(1);
    expect(restarted.resetsAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('forgets ended windows', async () => {
    await windows.hit('old', 60);
    await db.query(`UPDATE rate_windows SET window_ends_at = now() - interval '1 second' WHERE key = 'old'`);
    expect(await windows.deleteExpired()).toBe(1);
    expect((await db.query(`SELECT key FROM rate_windows WHERE key = 'old'`)).rows).toEqual([]);
  });
});
