import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCluster, type Cluster, type ClusterOptions } from '../../scripts/cluster/cluster';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASE_PORT = 8190;
/** The storefront every cluster bench calls through the load balancer. */
export const CLUSTER_BENCH_HOST = `nl.localhost:${BASE_PORT}`;

/**
 * One cluster bench run: the cluster of `npm run cluster` on a database of its own, created on the
 * PostgreSQL server of `DATABASE_URL` (required: `script` names the npm script in the message), with a
 * small pool on it for the bench's own queries. Cluster, database and folder are gone afterwards.
 */
export async function onFreshCluster(
  name: string,
  script: string,
  options: Omit<ClusterOptions, 'root' | 'dir' | 'databaseUrl' | 'basePort'>,
  run: (cluster: Cluster, db: pg.Pool) => Promise<void>,
): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error(
      `The cluster needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run ${script}`,
    );
    process.exit(1);
  }
  const database = `bench_${name}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;
  const db = new pg.Pool({ connectionString: databaseUrl.href, max: 2 });
  // Dropping the database at the end ends this pool's connections too.
  db.on('error', () => undefined);
  const dir = await mkdtemp(path.join(tmpdir(), `cluster-${name}-`));
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      ...options,
      root,
      dir,
      databaseUrl: databaseUrl.href,
      basePort: BASE_PORT,
      env: { WEB_DIST_DIR: dir, ...options.env },
    });
    await run(cluster, db);
  } finally {
    await cluster?.stop();
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}
