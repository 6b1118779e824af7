import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  migrate,
  openPgliteDatabase,
  openPostgresDatabase,
  type Database,
} from '../../apps/server/src/platform/database';
import { migrationsDir } from '../../apps/server/src/testing/test-database';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  db: Database;
  dispose: () => Promise<void>;
}

/**
 * A migrated, empty database for one bench run: PGlite in a temporary folder, or a fresh schema on the
 * PostgreSQL server of `DATABASE_URL` (the machine's `test` database by default). `dispose` removes it.
 */
export async function openBenchDatabase(engine: string, name: string): Promise<BenchDatabase> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
    const db = await openPgliteDatabase(dir);
    await migrate(db, migrationsDir);
    return {
      db,
      dispose: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${name}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const db = await openPostgresDatabase(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, { schema });
  await migrate(db, migrationsDir);
  return {
    db,
    dispose: async () => {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}
