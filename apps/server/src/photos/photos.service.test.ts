import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoEvent } from '@photo/contracts/photos';
import { createLocalBlobStore, type BlobStore } from '../platform/blob-store';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { startJobWorker } from '../platform/job-queue';
import { createRateWindows, type RateWindows } from '../platform/rate-windows';
import { createTestDatabase } from '../testing/test-database';
import { insertTestCustomer, insertTestPhotos } from '../testing/test-photos';
import { makeJpeg } from '../testing/test-images';
import { createCustomerPushBus, type CustomerPushBus } from '../push/customer-push';
import { createPhotoEventBus } from './photo-events';
import { ingestBytes, roomyLimits } from '../testing/ingest-bytes';
import { createPhotoIngestService, type IngestInput, type PhotoIngestService } from './photo-ingest.service';
import { createPhotoJobHandlers } from './photo-jobs';
import { createExifToolDateReader, type CaptureDateReader } from './processing/exiftool-dates';
import { jpegWithIptcDate } from '../testing/test-images';
import { createPhotosRepository } from './photos.repository';
import { createPhotosService, originalKey, type PhotosService } from './photos.service';

describe(`photo library (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  let blobs: BlobStore;
  let dataDir: string;
  let service: PhotosService;
  let ingest: PhotoIngestService;
  let push: CustomerPushBus;
  let worker: ReturnType<typeof startJobWorker>;
  let rateWindows: RateWindows;
  let dates: CaptureDateReader;

  const newCaller = async (): Promise<Caller> => ({
    customerId: await insertTestCustomer(db),
    isB2B: false,
    storefrontId: 'nl',
  });

  /** Rows straight into the table: paging tests need many photos, not many decodes. */
  const insertRows = (ownerId: string, dates: Array<string | null>) => insertTestPhotos(db, ownerId, dates);

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'photos-test-'));
    blobs = createLocalBlobStore(dataDir);
    service = createPhotosService(db, createPhotosRepository(db));
    rateWindows = createRateWindows(db);
    ingest = createPhotoIngestService(db, blobs, { rateWindows, limits: roomyLimits });
    push = createCustomerPushBus(db);
    const logger = pino({ level: 'silent' });
    dates = createExifToolDateReader();
    worker = startJobWorker({
      db,
      logger,
      concurrency: 2,
      pollIntervalMs: 50,
      handlers: createPhotoJobHandlers({
        db,
        blobs,
        events: createPhotoEventBus(push),
        ingest,
        logger,
        dates,
      }),
    });
  });
  afterAll(async () => {
    await worker.stop();
    await push.close();
    await dates.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('indexes months by local taken date, with undated photos (and January 1970) under Unknown Date', async () => {
    const caller = await newCaller();
    await insertRows(caller.customerId, [
      '2024-03-31T23:59:59',
      '2024-03-01T00:00:00',
      '2023-12-25T10:00:00',
      null,
    ]);
    expect(await service.timeline(caller, 'dateTaken')).toEqual([
      { year: 2024, month: 3, count: 2 },
      { year: 2023, month: 12, count: 1 },
      { year: 0, month: 0, count: 1 },
    ]);
    const march = await service.listMonth(caller, {
      year: 2024,
      month: 3,
      limit: 24,
      sortKey: 'dateTaken',
      sortOrder: 'desc',
    });
    expect(march.photos.map((photo) => photo.takenLocal)).toEqual([
      '2024-03-31T23:59:59',
      '2024-03-01T00:00:00',
    ]);
    expect(march.cursor).toBeNull();
    expect((await service.userInfo(caller)).photosCount).toBe(4);
  });

  it('pages through a month with keyset cursors while photos are deleted: nothing skipped, nothing twice', async () => {
    const caller = await newCaller();
    const dates = Array.from(
      { length: 60 },
      (_, i) => `2022-05-${String((i % 28) + 1).padStart(2, '0')}T12:00:00`,
    );
    await insertRows(caller.customerId, dates);
    const seen: string[] = [];
    const deleted = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const page = await service.listMonth(caller, {
        year: 2022,
        month: 5,
        cursor,
        limit: 7,
        sortKey: 'dateTaken',
        sortOrder: 'desc',
      });
      seen.push(...page.photos.map((photo) => photo.id));
      // Delete photos both behind and ahead of the cursor between pages.
      const everything = await service.listMonth(caller, {
        year: 2022,
        month: 5,
        limit: 100,
        sortKey: 'dateTaken',
        sortOrder: 'desc',
      });
      const victims = [everything.photos.at(0), everything.photos.at(-1)].filter(
        (photo) => photo && !seen.includes(photo.id),
      );
      for (const victim of victims) deleted.add(victim!.id);
      if (victims.length > 0)
        await service.deleteMany(
          caller,
          victims.map((victim) => victim!.id),
        );
      if (!page.cursor) break;
      cursor = page.cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const remaining = await service.listMonth(caller, {
      year: 2022,
      month: 5,
      limit: 100,
      sortKey: 'dateTaken',
      sortOrder: 'desc',
    });
    for (const photo of remaining.photos) expect(seen).toContain(photo.id);
    expect(seen.length + [...deleted].filter((id) => !seen.includes(id)).length).toBe(60);
  });

  it('sorts by upload date in either order, and rejects a forged cursor', async () => {
    const caller = await newCaller();
    await insertRows(caller.customerId, ['2020-01-02T00:00:00', '2019-01-02T00:00:00', null]);
    const now = new Date();
    const index = await service.timeline(caller, 'created');
    expect(index).toEqual([{ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, count: 3 }]);
    const ascending = await service.listAll(caller, { limit: 2, sortKey: 'created', sortOrder: 'asc' });
    const next = await service.listAll(caller, {
      limit: 2,
      cursor: ascending.cursor!,
      sortKey: 'created',
      sortOrder: 'asc',
    });
    const names = [...ascending.photos, ...next.photos].map((photo) => photo.localFileName);
    expect(names).toEqual(['photo-0.jpg', 'photo-1.jpg', 'photo-2.jpg']);
    await expect(
      service.listMonth(caller, {
        year: 2020,
        month: 1,
        cursor: 'not-a-cursor',
        limit: 5,
        sortKey: 'dateTaken',
        sortOrder: 'desc',
      }),
    ).rejects.toMatchObject({ status: 400, field: 'query.cursor' });
  });

  it('deletes idempotently and never touches another customer’s photos', async () => {
    const owner = await newCaller();
    const stranger = await newCaller();
    await insertRows(owner.customerId, ['2021-01-01T00:00:00', '2021-01-02T00:00:00']);
    const [first, second] = (
      await service.listAll(owner, { limit: 10, sortKey: 'dateTaken', sortOrder: 'asc' })
    ).photos;
    expect(await service.deleteMany(stranger, [first!.id])).toEqual({ failed: [first!.id] });
    expect(await service.deleteMany(owner, [first!.id])).toEqual({ failed: [] });
    expect(await service.deleteMany(owner, [first!.id])).toEqual({ failed: [] });
    expect(await service.deleteMany(owner, [second!.id, 'nonsense'])).toEqual({ failed: ['nonsense'] });
    await expect(service.getOwned(stranger, second!.id)).rejects.toMatchObject({ status: 404 });
    expect((await service.userInfo(owner)).photosCount).toBe(0);
  });

  it('processes an upload into upright derivatives and tells the owner', async () => {
    const caller = await newCaller();
    const received: PhotoEvent[] = [];
    const unsubscribe = await push.subscribe(caller.customerId, (event) =>
      received.push(event as PhotoEvent),
    );
    const bytes = await makeJpeg({
      width: 1600,
      height: 1200,
      orientation: 6,
      dateTimeOriginal: '2019:08:10 09:15:00',
      seed: 5,
    });
    const { photo, duplicate } = await ingestBytes(ingest, {
      ownerId: caller.customerId,
      uploadId: 'up-1',
      fileName: 'beach.jpg',
      bytes,
    });
    expect(duplicate).toBe(false);
    expect(photo).toMatchObject({
      takenLocal: '2019-08-10T09:15:00',
      visibleWidth: 1200,
      visibleHeight: 1600,
      status: 'processing',
    });
    await worker.drain();
    const ready = await service.getOwned(caller, photo.id);
    expect(ready.status).toBe('ready');
    expect(ready.derivatives.map((d) => [d.size, d.width, d.height])).toEqual([
      [300, 225, 300],
      [800, 600, 800],
      [1300, 975, 1300],
    ]);
    expect(await blobs.stat(originalKey(ready))).toEqual({ size: bytes.length });
    await expect.poll(() => received.map((event) => event.type)).toContain('photo-processed');
    unsubscribe();

    const again = await ingestBytes(ingest, {
      ownerId: caller.customerId,
      uploadId: 'up-2',
      fileName: 'copy.jpg',
      bytes,
    });
    expect(again).toMatchObject({ duplicate: true, photo: { id: photo.id } });
    expect((await service.userInfo(caller)).photosCount).toBe(1);
  });

  it('keeps uploads within the storage quota; a duplicate still succeeds, deletes make room, imports do not count', async () => {
    const caller = await newCaller();
    const first = await makeJpeg({ seed: 81, width: 200, height: 150 });
    const second = await makeJpeg({ seed: 82, width: 200, height: 150 });
    const tight = createPhotoIngestService(db, blobs, {
      rateWindows,
      limits: { ...roomyLimits, photoStorageQuotaBytes: first.length + 10 },
    });
    const upload = (bytes: Buffer, source: IngestInput['source'] = 'upload') =>
      ingestBytes(tight, { ownerId: caller.customerId, uploadId: 'q', fileName: 'q.jpg', bytes, source });

    const { photo } = await upload(first);
    await expect(tight.admitUpload(caller.customerId, second.length)).rejects.toMatchObject({
      status: 413,
      code: 'storage_quota_exceeded',
    });
    // Declared sizes can lie or be missing: the quota holds when the file has arrived, too.
    await expect(upload(second)).rejects.toMatchObject({ status: 413, code: 'storage_quota_exceeded' });
    expect((await service.userInfo(caller)).photosCount).toBe(1);
    expect(await upload(first)).toMatchObject({ duplicate: true, photo: { id: photo.id } });

    const imported = await upload(second, 'import');
    expect(imported.duplicate).toBe(false);
    await service.deleteMany(caller, [photo.id, imported.photo.id]);
    await expect(tight.admitUpload(caller.customerId, second.length)).resolves.toBeUndefined();
    expect((await upload(second)).duplicate).toBe(false);
  });

  it('refuses more new uploads per hour than allowed, counted per customer', async () => {
    const [busy, other] = [await newCaller(), await newCaller()];
    const limited = createPhotoIngestService(db, blobs, {
      rateWindows,
      limits: { ...roomyLimits, uploadFilesPerHour: 3 },
    });
    for (let file = 0; file < 3; file += 1) await limited.admitUpload(busy.customerId, 1000);
    await expect(limited.admitUpload(busy.customerId, 1000)).rejects.toMatchObject({
      status: 429,
      code: 'upload_rate_exceeded',
    });
    await expect(limited.admitUpload(other.customerId, 1000)).resolves.toBeUndefined();
  });

  it('refuses an image whose stream turns out damaged, keeping nothing of it', async () => {
    const caller = await newCaller();
    const received: PhotoEvent[] = [];
    const unsubscribe = await push.subscribe(caller.customerId, (event) =>
      received.push(event as PhotoEvent),
    );
    const whole = await makeJpeg({ width: 800, height: 600, seed: 9 });
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const { photo } = await ingestBytes(ingest, {
      ownerId: caller.customerId,
      uploadId: 'up-3',
      fileName: 'half.jpg',
      bytes: truncated,
    });
    await worker.drain();
    await expect(service.getOwned(caller, photo.id)).rejects.toMatchObject({ status: 404 });
    await worker.drain();
    expect(await blobs.stat(originalKey(photo))).toBeUndefined();
    await expect
      .poll(() => received.find((event) => event.type === 'photo-failed')?.data.payload)
      .toMatchObject({ fileName: 'half.jpg', code: 'broken_image' });
    unsubscribe();
  });

  it('activates a library by importing what the shop holds, once, through IMPORTING to ACTIVE', async () => {
    const caller = await newCaller();
    for (const seed of [1, 2]) {
      const key = `shop-held/${caller.customerId}/${seed}.jpg`;
      await blobs.put(
        key,
        await makeJpeg({ seed: 40 + seed, dateTimeOriginal: `2018:0${seed}:01 10:00:00` }),
      );
      await db.query(`INSERT INTO shop_held_photos (owner_id, blob_key, file_name) VALUES ($1, $2, $3)`, [
        caller.customerId,
        key,
        `held-${seed}.jpg`,
      ]);
    }
    expect(await service.activationStatus(caller)).toBe('NOT_ACTIVE');
    // Issue 23: the held photos count as the customer's before, during and after the import.
    expect((await service.userInfo(caller)).photosCount).toBe(2);
    const received: PhotoEvent[] = [];
    const unsubscribe = await push.subscribe(caller.customerId, (event) =>
      received.push(event as PhotoEvent),
    );
    expect(await service.activate(caller)).toBe('IMPORTING');
    expect(await service.activate(caller)).toBe('IMPORTING');
    await worker.drain();
    expect(await service.activationStatus(caller)).toBe('ACTIVE');
    expect((await service.userInfo(caller)).photosCount).toBe(2);
    expect(await service.timeline(caller, 'dateTaken')).toEqual([
      { year: 2018, month: 2, count: 1 },
      { year: 2018, month: 1, count: 1 },
    ]);
    await expect
      .poll(() => received.map((event) => event.type))
      .toEqual(expect.arrayContaining(['import-started', 'import-finished']));
    unsubscribe();
  });

  it('deletes a whole library in the background, files included', async () => {
    const caller = await newCaller();
    await service.activate(caller);
    await worker.drain();
    const uploaded = await ingestBytes(ingest, {
      ownerId: caller.customerId,
      uploadId: 'u',
      fileName: 'a.jpg',
      bytes: await makeJpeg({ seed: 77 }),
    });
    await insertRows(
      caller.customerId,
      Array.from({ length: 30 }, () => '2017-06-01T08:00:00'),
    );
    await worker.drain();
    expect(await service.deleteAll(caller)).toBe('DELETING');
    await worker.drain();
    await worker.drain();
    expect(await service.activationStatus(caller)).toBe('ACTIVE');
    expect(await service.timeline(caller, 'dateTaken')).toEqual([]);
    expect(await blobs.stat(originalKey(uploaded.photo))).toBeUndefined();
  });

  it('dates a photo whose date only ExifTool finds once it is processed, moving it out of Unknown Date', async () => {
    const caller = await newCaller();
    const bytes = await jpegWithIptcDate({ date: '2016:05:04', time: '09:08:07+02:00', seed: 91 });
    const { photo } = await ingestBytes(ingest, {
      ownerId: caller.customerId,
      uploadId: 'iptc',
      fileName: 'scan.jpg',
      bytes,
    });
    // The header reader finds nothing: the photo lands in Unknown Date at once.
    expect(photo.takenLocal).toBeNull();
    expect(await service.timeline(caller, 'dateTaken')).toEqual([{ year: 0, month: 0, count: 1 }]);
    await worker.drain();
    expect(await service.getOwned(caller, photo.id)).toMatchObject({
      takenLocal: '2016-05-04T09:08:07',
      takenOffset: '+02:00',
      status: 'ready',
    });
    expect(await service.timeline(caller, 'dateTaken')).toEqual([{ year: 2016, month: 5, count: 1 }]);
  });
});
