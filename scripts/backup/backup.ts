/**
 * Backup and restore (`npm run backup`, `npm run restore`, docs/operations.md): the database with
 * `pg_dump`/`pg_restore` (custom format) and every blob, from the folder store or the bucket, as files
 * beside it. A restore goes into a fresh database and a fresh data folder (the folder store).
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);

export interface S3Source {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface BackupOptions {
  databaseUrl: string;
  /** The blobs: a folder store's folder (`DATA_DIR/blobs`) or a bucket. */
  blobs: { folder: string } | { s3: S3Source };
  /** A new folder: `database.dump`, `blobs/`, `backup.json`. */
  out: string;
}

export interface BackupManifest {
  createdAt: string;
  blobCount: number;
}

export async function backup(options: BackupOptions): Promise<BackupManifest> {
  await mkdir(options.out, { recursive: true });
  const blobsOut = path.join(options.out, 'blobs');
  // The database first: a blob written after the dump is merely unused; a row without its blob would not be.
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--file',
    path.join(options.out, 'database.dump'),
    options.databaseUrl,
  ]);
  let blobCount = 0;
  if ('folder' in options.blobs) {
    await cp(options.blobs.folder, blobsOut, {
      recursive: true,
      // Half-written files of the folder store are never part of a backup.
      filter: (source) => !source.endsWith('.partial'),
    });
    blobCount = await countFiles(blobsOut);
  } else {
    const { s3 } = options.blobs;
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    try {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key!;
          const target = path.join(blobsOut, key);
          if (!target.startsWith(blobsOut + path.sep)) continue;
          await mkdir(path.dirname(target), { recursive: true });
          const body = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
          await pipeline(body.Body as Readable, createWriteStream(target));
          blobCount += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } finally {
      client.destroy();
    }
  }
  const manifest: BackupManifest = { createdAt: new Date().toISOString(), blobCount };
  await writeFile(path.join(options.out, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreOptions {
  from: string;
  /** A fresh, empty database. */
  databaseUrl: string;
  /** A fresh data folder: the blobs go to `<dataDir>/blobs`, where the folder store reads them. */
  dataDir: string;
}

export async function restore(options: RestoreOptions): Promise<BackupManifest> {
  const manifest = JSON.parse(
    await readFile(path.join(options.from, 'backup.json'), 'utf8'),
  ) as BackupManifest;
  await run('pg_restore', [
    '--no-owner',
    '--exit-on-error',
    '--dbname',
    options.databaseUrl,
    path.join(options.from, 'database.dump'),
  ]);
  await mkdir(options.dataDir, { recursive: true });
  await cp(path.join(options.from, 'blobs'), path.join(options.dataDir, 'blobs'), { recursive: true });
  return manifest;
}

async function countFiles(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}
