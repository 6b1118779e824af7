import { open, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { createLocalBlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { createRateWindows } from '../platform/rate-windows';
import { createTestDatabase } from '../testing/test-database';
import { makeJpeg } from '../testing/test-images';
import { createPhotoIngestService, type PhotoIngestService } from './photo-ingest.service';

const MIB = 1024 * 1024;
const BIG_FILE_MIB = 150;

interface Growth {
  rss: number;
  /** Memory outside the JavaScript heap held by buffers: where a file read whole would sit. */
  buffers: number;
}

/** The most memory grew above where it stood before `work`, sampled while it runs. */
async function peakGrowthDuring(work: () => Promise<unknown>): Promise<Growth> {
  const before = process.memoryUsage();
  const peak = { rss: before.rss, buffers: before.arrayBuffers };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.buffers = Math.max(peak.buffers, now.arrayBuffers);
  };
  const sampler = setInterval(sample, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
    sample();
  }
  return { rss: peak.rss - before.rss, buffers: peak.buffers - before.arrayBuffers };
}

const inMib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

/**
 * Taking in a photo streams it (hash, type sniffing, storage), so memory does not grow with the file's
 * size: a 150 MB upload costs about what a 1 KB one does. Figures are printed; the assertion only rules
 * out holding the file whole, with a wide margin for the noise of a shared machine.
 */
describe('memory while taking in a large photo', () => {
  let db: Database;
  let dir: string;
  let ingest: PhotoIngestService;
  let ownerId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'ingest-memory-'));
    const limits = {
      signInFailuresPerNetwork: 50,
      registrationsPerHour: 20,
      shopApiCallsPerMinute: 6000,
      uploadFilesPerHour: 100,
      photoStorageQuotaBytes: 1024 * MIB,
    };
    ingest = createPhotoIngestService(db, createLocalBlobStore(path.join(dir, 'blobs')), {
      rateWindows: createRateWindows(db),
      limits,
    });
    const customer = await createCustomersRepository(db).insert({
      email: 'memory@example.com',
      passwordHash: 'unused',
      firstName: 'Memory',
      lastName: 'Test',
      isB2B: false,
      status: 'Default',
    });
    ownerId = customer.id;
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A real JPEG followed by filler, as some phones append data after the image: decoders stop at its end. */
  async function writePhoto(name: string, seed: number, fillerMib: number): Promise<string> {
    const filePath = path.join(dir, name);
    await writeFile(filePath, await makeJpeg({ seed, width: 640, height: 480 }));
    const file = await open(filePath, 'a');
    const chunk = Buffer.alloc(MIB, seed);
    for (let written = 0; written < fillerMib; written += 1) await file.write(chunk);
    await file.close();
    return filePath;
  }

  const take = (filePath: string, uploadId: string) =>
    ingest.ingest({ ownerId, uploadId, fileName: `${uploadId}.jpg`, filePath, source: 'upload' });

  it(`grows no more for a ${BIG_FILE_MIB} MB photo than for a small one`, async () => {
    // Warm up (sharp, the database's first statements), so the small run measures the work itself.
    await take(await writePhoto('warm-up.jpg', 1, 0), 'warm-up');
    const small = await writePhoto('small.jpg', 2, 0);
    const big = await writePhoto('big.jpg', 3, BIG_FILE_MIB);

    const smallGrowth = await peakGrowthDuring(() => take(small, 'small'));
    const bigGrowth = await peakGrowthDuring(() => take(big, 'big'));

    console.info(
      `ingest memory growth: small file rss +${inMib(smallGrowth.rss)}, buffers +${inMib(smallGrowth.buffers)}; ` +
        `${BIG_FILE_MIB} MB file rss +${inMib(bigGrowth.rss)}, buffers +${inMib(bigGrowth.buffers)}`,
    );
    // Streamed chunks wait for the collector, so some tens of MiB may show (up to 68 seen on a busy
    // machine); a file held whole shows all 150 at once. The resident size is printed, not asserted:
    // freed chunks go back to the system when the allocator pleases, so it ranged from +46 to +160 MiB
    // over runs of the same code on one machine.
    expect(bigGrowth.buffers).toBeLessThan(((BIG_FILE_MIB * 2) / 3) * MIB);
  });
});
