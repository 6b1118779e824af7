/**
 * The cluster's S3 (decision 142): Ceph's RADOS Gateway when Ceph is installed, else the s3rver
 * emulator; `CLUSTER_S3=ceph|s3rver` forces one. Used by `npm run cluster`, the cluster tests and
 * the S3 conformance tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { CEPH_INSTALL_HINT, missingCephBinaries, startCephGateway, type S3Gateway } from './ceph-gateway';

export type { S3Gateway } from './ceph-gateway';
export type S3Kind = S3Gateway['kind'];
/** A running S3 others started and will stop: where it answers and with which keys. */
export type RunningS3 = Pick<S3Gateway, 'kind' | 'endpoint' | 'accessKeyId' | 'secretAccessKey'>;

/** Which S3 to run: `CLUSTER_S3` when set, else Ceph when its programs are installed. */
export function chooseS3Kind(setting = process.env.CLUSTER_S3): S3Kind {
  const missing = missingCephBinaries();
  if (setting === undefined || setting === '') return missing.length === 0 ? 'ceph' : 's3rver';
  if (setting === 's3rver') return 's3rver';
  if (setting === 'ceph') {
    if (missing.length > 0) {
      throw new Error(
        `CLUSTER_S3=ceph, but Ceph is not installed (missing: ${missing.join(', ')}). ` +
          `Install it with \`${CEPH_INSTALL_HINT}\`, or use CLUSTER_S3=s3rver.`,
      );
    }
    return 'ceph';
  }
  throw new Error(`CLUSTER_S3 must be 'ceph' or 's3rver', not '${setting}'`);
}

export interface S3GatewayOptions {
  kind: S3Kind;
  /** Buckets created before it is handed over. */
  buckets: string[];
  /** RGW's or s3rver's port; a free one when left out. */
  port?: number;
  /** Where s3rver keeps its files and Ceph its temporary folder (the system's temp folder by default). */
  dir?: string;
  log?: (line: string) => void;
}

export const describeS3 = (kind: S3Kind) =>
  kind === 'ceph' ? 'Ceph RADOS Gateway (one monitor, one memstore OSD)' : 's3rver (S3 emulator)';

/** Starts the S3 server, creates the buckets and resolves once they answer. */
export async function startS3Gateway(options: S3GatewayOptions): Promise<S3Gateway> {
  if (options.kind === 's3rver') {
    const dir = await mkdtemp(path.join(options.dir ?? tmpdir(), 's3rver-'));
    const server = new S3rver({
      port: options.port ?? 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
    });
    const { port } = await server.run();
    return {
      kind: 's3rver',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      stop: async () => {
        await server.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const gateway = await startCephGateway({
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.dir === undefined ? {} : { parentDir: options.dir }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  try {
    await createBuckets(gateway, options.buckets);
  } catch (error) {
    await gateway.stop();
    throw error;
  }
  return gateway;
}

export async function createBuckets(gateway: RunningS3, buckets: string[]): Promise<void> {
  const client = s3ClientOf(gateway);
  try {
    for (const Bucket of buckets) await client.send(new CreateBucketCommand({ Bucket }));
  } finally {
    client.destroy();
  }
}

/** An SDK client as the product configures one (path-style, us-east-1). */
export function s3ClientOf(
  gateway: Pick<S3Gateway, 'endpoint' | 'accessKeyId' | 'secretAccessKey'>,
): S3Client {
  return new S3Client({
    endpoint: gateway.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
  });
}
