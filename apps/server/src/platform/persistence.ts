import path from 'node:path';
import type { AppConfig } from '../config';
import { createLocalBlobStore, type BlobStore } from './blob-store';
import { migrate, openPgliteDatabase, openPostgresDatabase, type Database } from './database';
import { createS3BlobStore } from './s3-blob-store';

/** The composition root's one choice between the embedded default and the scale adapters. */
export async function openPersistence(config: AppConfig): Promise<{ db: Database; blobs: BlobStore }> {
  const db = config.databaseUrl
    ? await openPostgresDatabase(config.databaseUrl)
    : await openPgliteDatabase(path.join(config.dataDir, 'db'));
  await migrate(db, config.migrationsDir);
  const blobs = config.s3
    ? createS3BlobStore(config.s3)
    : createLocalBlobStore(path.join(config.dataDir, 'blobs'));
  return { db, blobs };
}
