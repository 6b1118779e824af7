import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@photo/contracts/errors';
import { UploadResultSchema } from '@photo/contracts/upload';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeJpeg, makePngClaimingSize } from '../testing/test-images';
import { createTusUpload, patchTusUpload, uploadTusFile } from '../testing/tus-client';

const FILES_PER_HOUR = 4;
/** About 50 KiB: a few small test photos fit, a larger one does not. */
const QUOTA_GB = 50 / 1024 / 1024;

describe('upload limits and file names over tus', () => {
  let t: TestApp;

  const createUpload = (who: SignedIn, fileName: string, length: number) =>
    createTusUpload(t, who, fileName, length);
  const finish = (who: SignedIn, created: { headers: Record<string, unknown> }, bytes: Buffer) =>
    patchTusUpload(t, who, created.headers.location as string, 0, bytes);
  const upload = (who: SignedIn, fileName: string, bytes: Buffer) => uploadTusFile(t, who, fileName, bytes);

  /** About 30 KiB that do not compress: two fit the quota one at a time, not together. */
  const noisyJpeg = () =>
    sharp({
      create: {
        width: 200,
        height: 200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();

  const errorOf = (response: { body: string }) => ErrorBodySchema.parse(JSON.parse(response.body)).error;
  const photosCount = async (who: SignedIn) =>
    (await t.app.inject({ url: '/api/photos/users', headers: who.headers })).json<{ photosCount: number }>()
      .photosCount;

  beforeAll(async () => {
    t = await createTestApp({
      UPLOAD_FILES_PER_HOUR: String(FILES_PER_HOUR),
      PHOTO_STORAGE_QUOTA_GB: String(QUOTA_GB),
    });
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(() => t.close());

  it('refuses a file name with a NUL byte, naming the field, and stores nothing', async () => {
    const customer = await signIn(t, { email: 'demo@example.com' });
    const response = await createUpload(customer, 'photo\u0000.jpg', 1000);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'bad_request', field: 'filename' });
    expect(await photosCount(customer)).toBe(0);
  });

  it('stores file names without control or right-to-left override characters', async () => {
    const customer = await signIn(t, { email: 'demo@example.com' });
    const done = await upload(customer, 'tulips\u202Egnp.\u0007jpg', await makeJpeg({ seed: 3 }));
    expect(done.statusCode).toBe(200);
    expect(UploadResultSchema.parse(done.json()).photo.localFileName).toBe('tulipsgnp.jpg');
  });

  it('calls a 50,000 x 50,000 PNG too large (413), not damaged', async () => {
    const customer = await signIn(t, { email: 'demo@example.com' });
    const refused = await upload(customer, 'huge.png', makePngClaimingSize(50_000, 50_000));
    expect(refused.statusCode).toBe(413);
    expect(errorOf(refused)).toMatchObject({ code: 'payload_too_large', field: 'file' });
    expect(errorOf(refused).message).toContain('huge.png');
  });

  it("refuses what would overrun the customer's storage quota, with its own code, before and after the bytes", async () => {
    const customer = await signIn(t, { email: 'b2b@example.com' });
    expect((await upload(customer, 'small.jpg', await makeJpeg({ seed: 11 }))).statusCode).toBe(200);

    const declared = await createUpload(customer, 'big.jpg', 60 * 1024);
    expect(declared.statusCode).toBe(413);
    expect(errorOf(declared)).toMatchObject({ code: 'storage_quota_exceeded' });
    expect(errorOf(declared).message).toContain('Delete photos to make room');

    // Two uploads that each fit, started together: the second to finish would overrun, and is refused
    // when its bytes have arrived.
    const [first, second] = [await noisyJpeg(), await noisyJpeg()];
    const started = [
      await createUpload(customer, 'first.jpg', first.length),
      await createUpload(customer, 'second.jpg', second.length),
    ];
    expect(started.map((response) => response.statusCode)).toEqual([201, 201]);
    expect((await finish(customer, started[0]!, first)).statusCode).toBe(200);
    const overrun = await finish(customer, started[1]!, second);
    expect(overrun.statusCode).toBe(413);
    expect(errorOf(overrun).code).toBe('storage_quota_exceeded');
    expect(await photosCount(customer)).toBe(2);
  });

  it('refuses more files per hour than allowed, with its own code, for that customer only', async () => {
    const busy = await signIn(t, { email: 'b2b-new@example.com' });
    for (let file = 0; file < FILES_PER_HOUR; file += 1) {
      expect((await createUpload(busy, `burst-${file}.jpg`, 1000)).statusCode).toBe(201);
    }
    const refused = await createUpload(busy, 'one-too-many.jpg', 1000);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({ code: 'upload_rate_exceeded' });

    const other = await signIn(t, { email: 'b2b-blocked@example.com' });
    expect((await createUpload(other, 'mine.jpg', 1000)).statusCode).toBe(201);
  });
});
