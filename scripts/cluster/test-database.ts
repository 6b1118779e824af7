import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** A database of its own on the machine's PostgreSQL for one cluster test file or bench run, and a pool to read it. */
export interface TestDatabase {
  url: string;
  /** Two connections for the test's own checks. */
  pool: pg.Pool;
  /** Drops the database, ending every connection to it (the replicas' and the pool's). */
  drop(): Promise<void>;
}

export async function createTestDatabase(serverUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  // Dropping the database at the end ends this pool's connections too.
  pool.on('error', () => undefined);
  return {
    url: url.href,
    pool,
    async drop() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
