import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoEvent } from '@photo/contracts/photos';
import { createCustomersRepository } from '../customers/customers.repository';
import { createLocalBlobStore, type BlobStore } from '../platform/blob-store';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { startJobWorker } from '../platform/job-queue';
import { uuidv7 } from '../platform/uuid';
import { createTestDatabase } from '../testing/test-database';
import { makeJpeg } from '../testing/test-images';
import { createPhotoEventBus, type PhotoEventBus } from './photo-events';
import { createPhotoIngestService, type PhotoIngestService } from './photo-ingest.service';
import { createPhotoJobHandlers } from './photo-jobs';
import { createPhotosRepository, type PhotosRepository } from './photos.repository';
import { createPhotosService, originalKey, type PhotosService } from './photos.service';

describe(`photo library (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  let blobs: BlobStore;
  let dataDir: string;
  let repository: PhotosRepository;
  let service: PhotosService;
  let ingest: PhotoIngestService;
  let events: PhotoEventBus;
  let worker: ReturnType<typeof startJobWorker>;

  const newCaller = async (): Promise<Caller> => {
    const customer = await createCustomersRepository(db).insert({
      email: `${uuidv7()}@example.com`,
      passwordHash: 'unused',
      firstName: 'Test',
      lastName: 'Customer',
      isB2B: false,
      status: 'Default',
    });
    return { customerId: customer.id, isB2B: false, storefrontId: 'nl' };
  };

  /** Rows straight into the table: paging tests need many photos, not many decodes. */
  const insertRows = async (ownerId: string, dates: Array<string | null>) => {
    for (const [index, takenLocal] of dates.entries()) {
      await repository.insert({
        id: uuidv7(),
        ownerId,
        uploadId: 'u',
        localFileName: `photo-${index}.jpg`,
        contentHash: `${ownerId}-${index}-${takenLocal}`,
        mimeType: 'image/jpeg',
        byteSize: 1,
        width: 4,
        height: 3,
        visibleWidth: 4,
        visibleHeight: 3,
        orientation: 1,
        takenLocal,
        takenOffset: null,
      });
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'photos-test-'));
    blobs = createLocalBlobStore(dataDir);
    repository = createPhotosRepository(db);
    service = createPhotosService(db, repository);
    ingest = createPhotoIngestService(db, blobs);
    events = createPhotoEventBus(db);
    const logger = pino({ level: 'silent' });
    worker = startJobWorker({
      db,
      logger,
      concurrency: 2,
      pollIntervalMs: 50,
      handlers: createPhotoJobHandlers({ db, blobs, events, ingest, logger }),
    });
  });
  afterAll(async () => {
    await worker.stop();
    await events.close();
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
    const unsubscribe = await events.subscribe(caller.customerId, (event) => received.push(event));
    const bytes = await makeJpeg({
      width: 1600,
      height: 1200,
      orientation: 6,
      dateTimeOriginal: '2019:08:10 09:15:00',
      seed: 5,
    });
    const { photo, duplicate } = await ingest.ingest({
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

    const again = await ingest.ingest({
      ownerId: caller.customerId,
      uploadId: 'up-2',
      fileName: 'copy.jpg',
      bytes,
    });
    expect(again).toMatchObject({ duplicate: true, photo: { id: photo.id } });
    expect((await service.userInfo(caller)).photosCount).toBe(1);
  });

  it('refuses an image whose stream turns out damaged, keeping nothing of it', async () => {
    const caller = await newCaller();
    const received: PhotoEvent[] = [];
    const unsubscribe = await events.subscribe(caller.customerId, (event) => received.push(event));
    const whole = await makeJpeg({ width: 800, height: 600, seed: 9 });
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const { photo } = await ingest.ingest({
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
    const received: PhotoEvent[] = [];
    const unsubscribe = await events.subscribe(caller.customerId, (event) => received.push(event));
    expect(await service.activate(caller)).toBe('IMPORTING');
    expect(await service.activate(caller)).toBe('IMPORTING');
    await worker.drain();
    expect(await service.activationStatus(caller)).toBe('ACTIVE');
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
    const uploaded = await ingest.ingest({
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
});
