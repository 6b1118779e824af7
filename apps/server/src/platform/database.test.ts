import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from './database';
import { createTestDatabase, migrationsDir } from '../testing/test-database';

describe(`database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('has every committed migration applied, and applying again changes nothing', async () => {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)[0]).toBe('001-customers.sql');
    expect(await migrate(db, migrationsDir)).toEqual([]);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO app_secrets (name, value) VALUES ('rollback-probe', '1')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await db.query(`SELECT 1 FROM app_secrets WHERE name = 'rollback-probe'`);
    expect(rows).toHaveLength(0);
  });

  it('delivers NOTIFY payloads to listeners until they unsubscribe', async () => {
    const received: string[] = [];
    const unsubscribe = await db.listen('probe_channel', (payload) => received.push(payload));
    await db.notify('probe_channel', 'first');
    await expect.poll(() => received).toEqual(['first']);
    await unsubscribe();
    await db.notify('probe_channel', 'second');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['first']);
  });
});
