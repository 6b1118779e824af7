import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadResultSchema } from '@photo/contracts/upload';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { originalKey } from '../photos/photos.service';
import type { Database } from '../platform/database';
import { enqueueJob } from '../platform/job-queue';
import { createS3BlobStore } from '../platform/s3-blob-store';
import { startS3rverBucket, type S3rverBucket } from '../testing/s3rver-bucket';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { makeJpeg } from '../testing/test-images';
import { createTusUpload, patchTusUpload, TUS_HEADERS } from '../testing/tus-client';
import { UPLOAD_CLEANUP_JOB } from './upload-store';

/** Two replicas of one cluster: one database, one bucket, nothing else in common. */
describe(`uploads in progress shared by replicas (S3 emulator, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  let bucket: S3rverBucket;
  let a: TestApp;
  let b: TestApp;
  let customer: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    db = await createTestDatabase();
    bucket = await startS3rverBucket();
    const replica = (name: string) =>
      createTestApp(
        { ...bucket.env, REPLICA_ID: name },
        { db, wrapBlobs: () => createS3BlobStore(bucket.config) },
      );
    a = await replica('a');
    b = await replica('b');
    await seedDemoAccounts(createCustomersRepository(db));
    customer = await signIn(a, { email: 'demo@example.com' });
    other = await signIn(a, { email: 'b2b@example.com' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
    await bucket?.close();
  });

  const head = (t: TestApp, who: SignedIn, location: string) =>
    t.app.inject({ method: 'HEAD', url: location, headers: { ...who.headers, ...TUS_HEADERS } });
  const photosCount = async (t: TestApp) =>
    (await t.app.inject({ url: '/api/photos/users', headers: customer.headers })).json<{
      photosCount: number;
    }>().photosCount;
  /** The original as the bucket holds it, byte for byte. */
  const storedOriginal = async (photoId: string) => {
    const { rows } = await db.query<{ owner_id: string }>(`SELECT owner_id FROM photos WHERE id = $1`, [
      photoId,
    ]);
    const stream = await createS3BlobStore(bucket.config).read(
      originalKey({ ownerId: rows[0]!.owner_id, id: photoId }),
    );
    return buffer(stream);
  };
  const piecesOf = async (location: string) => {
    const id = location.split('/').pop()!;
    const { rows } = await db.query<{ parts: string[] }>(`SELECT parts FROM upload_sessions WHERE id = $1`, [
      id,
    ]);
    return rows[0]?.parts;
  };

  it('finishes on replica B an upload started on replica A, and keeps it from anyone else', async () => {
    const photo = await makeJpeg({ width: 640, height: 480, seed: 11 });
    const half = Math.floor(photo.length / 2);
    const created = await createTusUpload(a, customer, 'holiday.jpg', photo.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;

    const first = await patchTusUpload(a, customer, location, 0, photo.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect((await head(b, customer, location)).headers['upload-offset']).toBe(String(half));
    expect((await head(b, other, location)).statusCode).toBe(404);
    expect((await patchTusUpload(b, other, location, half, photo.subarray(half))).statusCode).toBe(404);

    const before = await photosCount(b);
    const last = await patchTusUpload(b, customer, location, half, photo.subarray(half));
    expect(last.statusCode).toBe(200);
    const result = UploadResultSchema.parse(last.json());
    expect(result.duplicate).toBe(false);
    expect(await photosCount(a)).toBe(before + 1);
    expect(await storedOriginal(result.photo.imageId)).toEqual(photo);
    // The pieces and the state are gone once the photo is in.
    expect(await piecesOf(location)).toBeUndefined();
    expect((await head(a, customer, location)).statusCode).toBe(404);
  });

  it('resumes on replica B from the last byte replica A received before the connection broke', async () => {
    const photo = await makeJpeg({ width: 800, height: 600, seed: 12 });
    const created = await createTusUpload(a, customer, 'interrupted.jpg', photo.length);
    const location = created.headers.location as string;
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = a.app.server.address() as AddressInfo;
    const sent = Math.floor(photo.length / 3);
    await new Promise<void>((resolve) => {
      const patch = request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...customer.headers,
          ...TUS_HEADERS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(photo.length),
        },
      });
      patch.on('error', () => resolve());
      patch.write(photo.subarray(0, sent), () => setTimeout(() => patch.destroy(), 300));
    });
    await expect
      .poll(async () => (await head(b, customer, location)).headers['upload-offset'], { timeout: 10_000 })
      .toBe(String(sent));

    const rest = await patchTusUpload(b, customer, location, sent, photo.subarray(sent));
    expect(rest.statusCode).toBe(200);
    const result = UploadResultSchema.parse(rest.json());
    expect(await storedOriginal(result.photo.imageId)).toEqual(photo);
  });

  it('refuses bytes for an offset another replica has already written', async () => {
    const photo = await makeJpeg({ width: 320, height: 240, seed: 13 });
    const created = await createTusUpload(a, customer, 'twice.jpg', photo.length);
    const location = created.headers.location as string;
    expect((await patchTusUpload(a, customer, location, 0, photo.subarray(0, 100))).statusCode).toBe(204);
    expect((await patchTusUpload(b, customer, location, 0, photo.subarray(0, 100))).statusCode).toBe(409);
    expect(await piecesOf(location)).toHaveLength(1);
  });

  it('removes uploads abandoned for a day, state and pieces, once across the replicas', async () => {
    const photo = await makeJpeg({ seed: 14 });
    const created = await createTusUpload(a, customer, 'abandoned.jpg', photo.length);
    const location = created.headers.location as string;
    await patchTusUpload(a, customer, location, 0, photo.subarray(0, 50));
    const [piece] = (await piecesOf(location))!;
    const blobs = createS3BlobStore(bucket.config);
    expect(await blobs.stat(piece!)).toEqual({ size: 50 });

    const fresh = await createTusUpload(a, customer, 'recent.jpg', photo.length);
    await db.query(`UPDATE upload_sessions SET updated_at = now() - interval '25 hours' WHERE id = $1`, [
      location.split('/').pop(),
    ]);
    await enqueueJob(db, UPLOAD_CLEANUP_JOB, {});
    await Promise.all([a.app.jobs.drain(), b.app.jobs.drain()]);

    expect((await head(b, customer, location)).statusCode).toBe(404);
    expect(await blobs.stat(piece!)).toBeUndefined();
    expect((await head(b, customer, fresh.headers.location as string)).statusCode).toBe(200);
  });
});
