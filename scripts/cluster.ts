// `npm run cluster`: the product as a cluster on this machine (scripts/cluster/cluster.ts), until Ctrl-C.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from './cluster/cluster';
import { describeS3 } from './cluster/s3-gateway';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'The cluster shares one PostgreSQL database between its replicas: set DATABASE_URL, e.g. ' +
      'DATABASE_URL=postgres://postgres@127.0.0.1:5432/photos npm run cluster',
  );
  process.exit(1);
}
const basePort = Number(process.env.CLUSTER_PORT ?? 8190);
const dir = path.resolve(process.env.CLUSTER_DIR ?? path.join(root, 'data', 'cluster'));

const cluster = await startCluster({
  root,
  dir,
  databaseUrl,
  basePort,
  log: (line) => console.log(line),
});
console.log(
  `\nThe shop: http://nl.localhost:${basePort}/ (any storefront: http://<id>.localhost:${basePort}/), ` +
    `demo@example.com / demo-password. S3: ${describeS3(cluster.s3Kind)} at ${cluster.s3Endpoint} ` +
    `(CLUSTER_S3=ceph|s3rver chooses). Logs: ${path.join(dir, 'logs')}. Ctrl-C stops everything.`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping the cluster ...');
    void cluster.stop().finally(() => process.exit(0));
  });
}
