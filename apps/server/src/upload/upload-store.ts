import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { BackgroundWork } from '../platform/job-queue';
import { SharedUploadStore } from './shared-upload-store';

/** The schedule that removes uploads nobody finished (a day after their last byte). */
export const UPLOAD_CLEANUP_JOB = 'upload.delete-abandoned';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where uploads in progress are kept: in `uploadsDir` on the embedded default, or, with a shared blob
 * store (S3), in the bucket with their state in the database, so any replica continues any upload
 * (decision 111); either way they survive a restart. A schedule removes uploads abandoned for a day.
 */
export function createUploadStore(deps: {
  uploadsDir: string;
  /** Keep uploads in progress in the database and `blobs` instead of `uploadsDir`, for replicas. */
  shared?: { db: Database; blobs: BlobStore } | undefined;
}) {
  const sharedStore = deps.shared && new SharedUploadStore(deps.shared.db, deps.shared.blobs, DAY_MS);
  const store =
    sharedStore ?? new FileStore({ directory: deps.uploadsDir, expirationPeriodInMilliseconds: DAY_MS });
  const cleanup: BackgroundWork = {
    handlers: { [UPLOAD_CLEANUP_JOB]: async () => void (await store.deleteExpired()) },
    schedules: [{ name: UPLOAD_CLEANUP_JOB, kind: UPLOAD_CLEANUP_JOB, everySeconds: 3600 }],
  };
  return {
    store,
    /** The finished upload's bytes as a file, for as long as `use` runs. */
    withUploadFile: <T>(id: string, use: (filePath: string) => Promise<T>) =>
      sharedStore ? sharedStore.withFile(id, use) : use(path.join(deps.uploadsDir, id)),
    cleanup,
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
