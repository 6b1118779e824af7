import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  migrate,
  openPgliteDatabase,
  openPostgresDatabase,
  wrapPglite,
  type Database,
} from '../platform/database';

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
  template ??= migratedPglite();
  return openPgliteDatabase(undefined, { copyOf: await template });
}

/**
 * A new PGlite cluster runs initdb (1.2-2.3 s a database on these cores); a copy of one that is
 * already migrated opens in about 0.4 s. Every test file of a Vitest worker starts from the same copy.
 */
let template: Promise<Blob> | undefined;
async function migratedPglite(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite();
  await migrate(wrapPglite(client), migrationsDir);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
