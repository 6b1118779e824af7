import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
}

/** What repositories need: plain SQL with positional parameters, the same dialect on both engines. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}

export interface PgliteOptions {
  /** An in-memory database starts as a copy of this cluster (PGlite's `dumpDataDir`), not an empty one. */
  copyOf?: Blob;
}

export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Imported here, not at the top: a replica on PostgreSQL never holds PGlite's 45 MB (decision 143).
  const { PGlite } = await import('@electric-sql/pglite');
  const client = dataDir
    ? new PGlite(dataDir)
    : new PGlite(options.copyOf ? { loadDataDir: options.copyOf } : {});
  await client.waitReady;
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  // PGlite runs one statement at a time; transactions get the connection to themselves.
  return {
    engine: 'pglite',
    query: async <Row>(sql: string, params?: unknown[]) => ({
      rows: (await client.query<Row>(sql, params)).rows,
    }),
    exec: async (sql) => {
      await client.exec(sql);
    },
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          query: async <Row>(sql: string, params?: unknown[]) => ({
            rows: (await tx.query<Row>(sql, params)).rows,
          }),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}

export interface PostgresOptions {
  /** Schema to use instead of `public` (tests give each file its own). */
  schema?: string;
  maxConnections?: number;
}

export async function openPostgresDatabase(url: string, options: PostgresOptions = {}): Promise<Database> {
  const searchPath = options.schema ? `-c search_path=${options.schema}` : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    ...(searchPath ? { options: searchPath } : {}),
  });
  if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
  // One connection holds every LISTEN; callers that subscribe at the same moment share its opening.
  let listener: Promise<pg.PoolClient> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const openListener = async () => {
    const client = await pool.connect();
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    return client;
  };
  return {
    engine: 'postgres',
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await pool.query(sql, params);
      return { rows: result.rows as Row[] };
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as Row[],
          }),
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      listener ??= openListener();
      const client = await listener;
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onPayload);
      if (set.size === 1) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      if (listener) (await listener).release();
      await pool.end();
    },
  };
}

/**
 * Applies the committed SQL files in `migrationsDir` in name order, each once, each in its own
 * transaction. An advisory lock keeps replicas that start together from racing.
 */
export async function migrate(db: Database, migrationsDir: string): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(715001)');
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
