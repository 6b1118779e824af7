/**
 * Photo archive figures (issue 9, section 3), printed, never asserted:
 * - one 100-photo archive of 12 MP originals (~5 MB each): time from POST /downloads to the pushed
 *   'archive-generation-finished', its MB/s as a ratio to a plain copy of the same bytes in the same
 *   run, and the growth of the process's resident memory while the archive is built;
 * - ten customers asking for 100-photo archives at once: all finish, the time to the last, and how
 *   the jobs spread over two workers.
 * The app runs in this process on PGlite and the folder store, as `npm start` does, with two job
 * workers of one job each (two worker replicas on two cores). The npm script passes `--expose-gc`,
 * so the memory baseline is taken after a collection.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pino from 'pino';
import sharp from 'sharp';
import { ArchiveEventSchema } from '@photo/contracts/downloads';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/auth/password';
import { loadConfig } from '../apps/server/src/config';
import { createCustomersRepository } from '../apps/server/src/customers/customers.repository';
import { createArchiveEvents } from '../apps/server/src/downloads/archive-events';
import { createArchiveWork, libraryArchiveSource } from '../apps/server/src/downloads/archive-job';
import { createPhotosRepository } from '../apps/server/src/photos/photos.repository';
import { originalKey } from '../apps/server/src/photos/photos.service';
import { createLocalBlobStore } from '../apps/server/src/platform/blob-store';
import { migrate, openPgliteDatabase } from '../apps/server/src/platform/database';
import { startJobWorker, type JobHandler } from '../apps/server/src/platform/job-queue';
import { uuidv7 } from '../apps/server/src/platform/uuid';
import { signIn, type SignedIn } from '../apps/server/src/testing/sign-in';
import type { TestApp } from '../apps/server/src/testing/test-app';

const PHOTOS = 100;
const CUSTOMERS = 10;
const PASSWORD = 'bench-password';
const MB = 1024 * 1024;

/** A 12 MP JPEG of about 5 MB: noise keeps the encoder from making it small, as real detail does. */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#7a8',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .withExif({ IFD2: { DateTimeOriginal: '2024:08:17 14:03:22' } })
    .toBuffer();
}

const rss = () => process.memoryUsage().rss;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-archives-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    JOB_CONCURRENCY: '0',
  });
  const db = await openPgliteDatabase(path.join(dataDir, 'db'));
  await migrate(db, config.migrationsDir);
  const blobs = createLocalBlobStore(path.join(dataDir, 'blobs'));
  const app = await buildApp({ config, db, blobs, logger: false });
  const harness: TestApp = { app, db, blobs, config, close: async () => undefined };

  // Two worker replicas; each job is credited to the worker that ran it.
  const ranBy = new Map<string, string>();
  const archiveWork = createArchiveWork({
    db,
    blobs,
    events: createArchiveEvents(app.push),
    sources: { library: libraryArchiveSource(createPhotosRepository(db)) },
  });
  const workers = ['worker-1', 'worker-2'].map((name) => {
    const handlers: Record<string, JobHandler> = {};
    for (const [kind, handler] of Object.entries(archiveWork.handlers)) {
      handlers[kind] = async (job) => {
        const { downloadId } = job.payload as { downloadId?: string };
        if (downloadId) ranBy.set(downloadId, name);
        await handler(job);
      };
    }
    return startJobWorker({
      db,
      logger: pino({ level: 'silent' }),
      concurrency: 1,
      handlers,
      pollIntervalMs: 100,
    });
  });

  console.log(
    `load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const base = await twelveMegapixelJpeg();
  console.log(`original: 4000 x 3000 JPEG, ${(base.length / MB).toFixed(2)} MB`);

  // Customers and their photos, stored as uploads leave them (row and original); no derivatives are
  // needed for an archive. Bytes after the JPEG's end make each file a distinct photo.
  const customers = createCustomersRepository(db);
  const photos = createPhotosRepository(db);
  const passwordHash = await hashPassword(PASSWORD);
  const accounts: Array<{ id: string; signedIn: SignedIn; photoIds: string[] }> = [];
  for (let index = 0; index <= CUSTOMERS; index += 1) {
    const email = `bench-${index}@example.com`;
    const customer = await customers.insert({
      email,
      passwordHash,
      firstName: 'Bench',
      lastName: String(index),
      isB2B: false,
      status: 'Default',
    });
    const photoIds: string[] = [];
    for (let number = 0; number < PHOTOS; number += 1) {
      const bytes = Buffer.concat([base, Buffer.from(`${index}-${number}`)]);
      const { record } = await photos.insert({
        id: uuidv7(),
        ownerId: customer.id,
        uploadId: `bench-${index}`,
        localFileName: `IMG_${number}.jpg`,
        contentHash: `${index}-${number}`,
        mimeType: 'image/jpeg',
        byteSize: bytes.length,
        width: 4000,
        height: 3000,
        visibleWidth: 4000,
        visibleHeight: 3000,
        orientation: 1,
        takenLocal: '2024-08-17T14:03:22',
        takenOffset: null,
      });
      await blobs.put(originalKey(record), bytes, 'image/jpeg');
      photoIds.push(record.id);
    }
    accounts.push({
      id: customer.id,
      signedIn: await signIn(harness, { email, password: PASSWORD }),
      photoIds,
    });
  }

  const finishedAt = new Map<string, number>();
  for (const account of accounts) {
    await app.push.subscribe(account.id, (message) => {
      const event = ArchiveEventSchema.safeParse(message);
      if (event.success && event.data.key === 'archive-generation-finished') {
        finishedAt.set(event.data.message.downloadId, performance.now());
      }
    });
  }
  const waitFor = async (ids: string[]) => {
    while (!ids.every((id) => finishedAt.has(id))) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const ask = async (account: (typeof accounts)[number]) => {
    const id = crypto.randomUUID();
    const response = await app.inject({
      method: 'POST',
      url: '/api/downloads/downloads',
      headers: account.signedIn.headers,
      payload: { id, photos: account.photoIds },
    });
    if (response.statusCode !== 202) throw new Error(`POST /downloads answered ${response.statusCode}`);
    return id;
  };

  // 1. One archive: time, throughput against a plain copy, resident memory.
  const [first] = accounts;
  const originals = first!.photoIds.map((id) =>
    path.join(dataDir, 'blobs', originalKey({ ownerId: first!.id, id })),
  );
  const copyStarted = performance.now();
  const copyTarget = path.join(dataDir, 'plain-copy.bin');
  let copied = 0;
  async function* concatenated() {
    for (const file of originals) {
      for await (const chunk of createReadStream(file)) {
        copied += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
  }
  await pipeline(concatenated, createWriteStream(copyTarget));
  const copySeconds = (performance.now() - copyStarted) / 1000;
  await rm(copyTarget);

  collect();
  const baseline = rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const started = performance.now();
  const id = await ask(first!);
  await waitFor([id]);
  clearInterval(sampler);
  const seconds = (finishedAt.get(id)! - started) / 1000;
  const archiveBytes = (await blobs.stat(`archives/${first!.id}/${id}/${id}.zip`))!.size;
  const archiveRate = archiveBytes / MB / seconds;
  const copyRate = copied / MB / copySeconds;
  console.log(`\n100-photo archive: ${(archiveBytes / MB).toFixed(0)} MB`);
  console.log(`  POST /downloads to 'finished': ${seconds.toFixed(2)} s, ${archiveRate.toFixed(0)} MB/s`);
  console.log(`  plain copy of the same bytes: ${copySeconds.toFixed(2)} s, ${copyRate.toFixed(0)} MB/s`);
  console.log(`  ratio: ${((archiveRate / copyRate) * 100).toFixed(0)} % (target >= 70 %)`);
  console.log(
    `  resident memory growth while building: ${((peak - baseline) / MB).toFixed(1)} MB (target <= 64 MB)`,
  );

  // 2. Ten customers at once.
  const others = accounts.slice(1);
  const manyStarted = performance.now();
  const ids = await Promise.all(others.map(ask));
  await waitFor(ids);
  const times = ids.map((downloadId) => (finishedAt.get(downloadId)! - manyStarted) / 1000);
  const perWorker = new Map<string, number>();
  for (const downloadId of ids) {
    const worker = ranBy.get(downloadId) ?? 'unknown';
    perWorker.set(worker, (perWorker.get(worker) ?? 0) + 1);
  }
  console.log(`\n${CUSTOMERS} customers, 100 photos each, asked at once: ${ids.length} finished`);
  console.log(
    `  first finished after ${Math.min(...times).toFixed(2)} s, the last after ${Math.max(...times).toFixed(2)} s`,
  );
  console.log(
    `  jobs per worker: ${[...perWorker].map(([worker, count]) => `${worker} ${count}`).join(', ')}`,
  );
  console.log(
    `load average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );

  await Promise.all(workers.map((worker) => worker.stop()));
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
