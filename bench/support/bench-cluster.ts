import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { startCluster, type Cluster, type ClusterOptions } from '../../scripts/cluster/cluster';
import { createTestDatabase } from '../../scripts/cluster/test-database';

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
  const database = await createTestDatabase(serverUrl, `bench_${name}`);
  const dir = await mkdtemp(path.join(tmpdir(), `cluster-${name}-`));
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      ...options,
      root,
      dir,
      databaseUrl: database.url,
      basePort: BASE_PORT,
      env: { WEB_DIST_DIR: dir, ...options.env },
    });
    await run(cluster, database.pool);
  } finally {
    await cluster?.stop();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
