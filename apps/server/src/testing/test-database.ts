import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openPgliteDatabase, openPostgresDatabase, type Database } from '../platform/database';

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a schema of its own
 * on the PostgreSQL server named by DATABASE_URL (the Postgres suite in CI).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `test_${randomUUID().replaceAll('-', '')}`;
    const db = await openPostgresDatabase(url, { schema, maxConnections: 4 });
    await migrate(db, migrationsDir);
    return {
      ...db,
      close: async () => {
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      },
    };
  }
  const db = await openPgliteDatabase(undefined);
  await migrate(db, migrationsDir);
  return db;
}
