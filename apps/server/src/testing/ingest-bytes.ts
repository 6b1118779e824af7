import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UsageLimits } from '../config';
import {
  createPhotoIngestService,
  type IngestInput,
  type IngestResult,
  type PhotoIngestService,
} from '../photos/photo-ingest.service';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { createRateWindows } from '../platform/rate-windows';

/** Limits no test meets unless it means to. */
export const roomyLimits: UsageLimits = {
  signInFailuresPerNetwork: 50,
  registrationsPerHour: 20,
  shopApiCallsPerMinute: 6000,
  uploadFilesPerHour: 1000,
  photoStorageQuotaBytes: 1024 ** 3,
};

/** Ingests bytes as the upload route hands a finished upload over: as a file on disk, removed after. */
export async function ingestBytes(
  service: PhotoIngestService,
  input: Omit<IngestInput, 'filePath' | 'source'> & { bytes: Buffer; source?: IngestInput['source'] },
): Promise<IngestResult> {
  const filePath = path.join(tmpdir(), `test-upload-${randomUUID()}`);
  await writeFile(filePath, input.bytes);
  try {
    const { bytes: _bytes, ...rest } = input;
    return await service.ingest({ source: 'upload', ...rest, filePath });
  } finally {
    await rm(filePath, { force: true });
  }
}

/** The ingest service of a test's database and files, with limits it does not meet. */
export const testIngestService = (db: Database, blobs: BlobStore): PhotoIngestService =>
  createPhotoIngestService(db, blobs, { rateWindows: createRateWindows(db), limits: roomyLimits });
