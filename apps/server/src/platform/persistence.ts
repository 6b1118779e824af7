import path from 'node:path';
import type { AppConfig } from '../config';
import { createLocalBlobStore, type BlobStore } from './blob-store';
import { migrate, openPgliteDatabase, openPostgresDatabase, type Database } from './database';

/** The composition root's one choice between the embedded default and the scale adapters. */
export async function openPersistence(config: AppConfig): Promise<{ db: Database; blobs: BlobStore }> {
  const db = config.databaseUrl
    ? await openPostgresDatabase(config.databaseUrl)
    : await openPgliteDatabase(path.join(config.dataDir, 'db'));
  await migrate(db, config.migrationsDir);
  // The S3 SDK (25 MB resident) is loaded only by replicas that use object storage (decision 143).
  const blobs = config.s3
    ? (await import('./s3-blob-store')).createS3BlobStore(config.s3)
    : createLocalBlobStore(path.join(config.dataDir, 'blobs'));
  return { db, blobs };
}
