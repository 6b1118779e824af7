import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoEventSchema, PhotoPageSchema, TimelineEntrySchema } from '@photo/contracts/photos';
import { ErrorBodySchema } from '@photo/contracts/errors';
import { UploadResultSchema } from '@photo/contracts/upload';
import { createCustomersRepository } from '../customers/customers.repository';
import { issueAccessToken, signIn, signInDemoAccounts, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeJpeg, makePng } from '../testing/test-images';
import { createTusUpload, patchTusUpload, TUS_HEADERS, uploadTusFile } from '../testing/tus-client';

const tus = TUS_HEADERS;

describe('photo service over HTTP', () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;

  const createUpload = (who: SignedIn, fileName: string, length: number) =>
    createTusUpload(t, who, fileName, length);
  const patch = (who: SignedIn, location: string, offset: number, body: Buffer) =>
    patchTusUpload(t, who, location, offset, body);
  const upload = (who: SignedIn, fileName: string, bytes: Buffer) => uploadTusFile(t, who, fileName, bytes);

  const get = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
  });
  afterAll(() => t.close());

  it('refuses every call without a session', async () => {
    const response = await t.app.inject({
      url: '/api/photos/users/timeline',
      headers: { host: 'nl.localhost:8080' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('uploads a photo that lands in its month, upright, served to its owner only', async () => {
    const bytes = await makeJpeg({
      width: 900,
      height: 600,
      orientation: 6,
      dateTimeOriginal: '2023:04:09 14:00:00',
      seed: 1,
    });
    const finished = await upload(owner, 'tulips.jpg', bytes);
    expect(finished.statusCode).toBe(200);
    const result = UploadResultSchema.parse(finished.json());
    expect(result).toMatchObject({
      duplicate: false,
      photo: { localFileName: 'tulips.jpg', dateTaken: '2023-04-09T14:00:00' },
    });
    await t.app.jobs.drain();

    const index = (await get(owner, '/api/photos/users/timeline'))
      .json<unknown[]>()
      .map((entry) => TimelineEntrySchema.parse(entry));
    expect(index).toEqual([{ year: 2023, month: 4, count: 1 }]);
    const month = PhotoPageSchema.parse(
      (await get(owner, '/api/photos/photos/timeline/2023/4?limit=24')).json(),
    );
    const [photo] = month.images;
    expect(photo).toMatchObject({
      imageId: result.photo.imageId,
      status: 'ready',
      visibleWidth: 600,
      visibleHeight: 900,
    });
    expect(photo!.thumbnails.map((thumbnail) => [thumbnail.width, thumbnail.height])).toEqual([
      [200, 300],
      [533, 800],
      [600, 900],
    ]);

    const thumbnailPath = new URL(photo!.thumbnails[0]!.url).pathname;
    const mine = await get(owner, thumbnailPath);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toContain('immutable');
    expect((await get(stranger, thumbnailPath)).statusCode).toBe(404);
    expect((await get(stranger, `/api/photos/photos/${photo!.imageId}`)).statusCode).toBe(404);

    const original = await get(owner, new URL(photo!.untouchedUrl).pathname);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const range = await t.app.inject({
      url: new URL(photo!.untouchedUrl).pathname,
      headers: { ...owner.headers, range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);

    const again = await upload(owner, 'tulips-copy.jpg', bytes);
    expect(UploadResultSchema.parse(again.json())).toMatchObject({
      duplicate: true,
      photo: { imageId: photo!.imageId },
    });
    expect((await get(owner, '/api/photos/users')).json()).toMatchObject({ photosCount: 1 });
  });

  it('refuses a text file named .jpg by its content, naming the file, and keeps what was stored', async () => {
    const before = (await get(owner, '/api/photos/users')).json<{ photosCount: number }>().photosCount;
    const refused = await upload(owner, 'notes.jpg', Buffer.from('just some text, not a picture'));
    expect(refused.statusCode).toBe(415);
    const { error } = ErrorBodySchema.parse(JSON.parse(refused.body));
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toContain('notes.jpg');
    expect((await get(owner, '/api/photos/users')).json()).toMatchObject({ photosCount: before });
  });

  it('refuses an upload over the size limit before any byte is sent', async () => {
    const response = await createUpload(owner, 'huge.jpg', 201 * 1024 * 1024);
    expect(response.statusCode).toBe(413);
  });

  it('resumes an interrupted upload from the last byte the server holds', async () => {
    const bytes = await makePng({ width: 300, height: 200, seed: 7 });
    const created = await createUpload(owner, 'resumed.png', bytes.length);
    const location = created.headers.location as string;
    const half = Math.floor(bytes.length / 2);
    expect((await patch(owner, location, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...owner.headers, ...tus } });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(
      (await t.app.inject({ method: 'HEAD', url: location, headers: { ...stranger.headers, ...tus } }))
        .statusCode,
    ).toBe(404);
    const done = await patch(owner, location, half, bytes.subarray(half));
    expect(UploadResultSchema.parse(done.json()).photo.localFileName).toBe('resumed.png');
  });

  it('deletes in bulk idempotently; another customer’s id fails and changes nothing', async () => {
    const bytes = await makeJpeg({ seed: 21, dateTimeOriginal: '2020:02:02 10:00:00' });
    const { photo } = UploadResultSchema.parse((await upload(owner, 'to-delete.jpg', bytes)).json());
    const strangerDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos/photos',
      headers: stranger.headers,
      payload: { photoIds: [photo.imageId] },
    });
    expect(strangerDelete.json()).toEqual({ failed: [photo.imageId] });
    expect((await get(owner, `/api/photos/photos/${photo.imageId}`)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/photos/photos',
        headers: owner.headers,
        payload: { photoIds: [photo.imageId] },
      });
      expect(response.json()).toEqual({ failed: [] });
    }
    expect((await get(owner, `/api/photos/photos/${photo.imageId}`)).statusCode).toBe(404);
  });

  it('answers malformed input with the field at fault', async () => {
    const badMonth = await get(owner, '/api/photos/photos/timeline/2024/13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json()).toMatchObject({
      error: { field: 'params.month', message: 'params.month: Too big: expected number to be <=12' },
    });
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const wrongCursor = cursorOf(['x', '0192f0c4-58d2-7c3e-9a4b-1f2e3d4c5b6a']);
    const otherSortKeysCursor = cursorOf([
      '2024-01-01T10:00:00.000000Z',
      '0192f0c4-58d2-7c3e-9a4b-1f2e3d4c5b6a',
    ]);
    const cases: Array<[string, string]> = [
      ['/api/photos/photos/timeline/2026/0', 'params.month'],
      ['/api/photos/photos/timeline/0/5', 'params.month'],
      ['/api/photos/photos/timeline/0/0?sortKey=created', 'params.year'],
      [`/api/photos/photos/timeline/2024/1?cursor=${wrongCursor}`, 'query.cursor'],
      [`/api/photos/photos?cursor=${wrongCursor}`, 'query.cursor'],
      [`/api/photos/photos?sortKey=dateTaken&cursor=${otherSortKeysCursor}`, 'query.cursor'],
      [
        `/api/photos/photos?cursor=${cursorOf(['2024-02-30T10:00:00', '0192f0c4-58d2-7c3e-9a4b-1f2e3d4c5b6a'])}`,
        'query.cursor',
      ],
    ];
    for (const [url, field] of cases) {
      const response = await get(owner, url);
      expect(response.statusCode, url).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).error.field, url).toBe(field);
    }
    // The Unknown Date month itself is fine.
    expect((await get(owner, '/api/photos/photos/timeline/0/0')).statusCode).toBe(200);

    const badJson = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos/photos',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"photoIds": [',
    });
    expect(badJson.statusCode).toBe(400);
  });

  it('activates the library through IMPORTING to ACTIVE', async () => {
    const activating = await t.app.inject({
      method: 'POST',
      url: '/api/photos/users/activate',
      headers: stranger.headers,
    });
    expect(activating.statusCode).toBe(202);
    expect(activating.json()).toEqual({ status: 'IMPORTING' });
    await t.app.jobs.drain();
    expect((await get(stranger, '/api/photos/users/activate')).json()).toEqual({ status: 'ACTIVE' });
  });

  it('pushes events to the browser over its session, and to a token client after the handshake', async () => {
    const browserMessages: string[] = [];
    // Listening from before the handshake, as a browser does: the server says OK as soon as it opens.
    const browserSocket = await t.app.injectWS(
      '/api/photos/events',
      { headers: { cookie: owner.cookie, origin: owner.headers.origin!, host: owner.headers.host! } },
      { onInit: (opening) => opening.on('message', (data: Buffer) => browserMessages.push(data.toString())) },
    );
    await expect.poll(() => browserMessages).toEqual(['OK']);

    const token = await issueAccessToken(t, { email: 'demo@example.com' });
    const tokenSocket = await t.app.injectWS('/api/photos/events', {
      headers: { host: 'nl.localhost:8080' },
    });
    const tokenMessages: string[] = [];
    tokenSocket.on('message', (data: Buffer) => tokenMessages.push(data.toString()));
    tokenSocket.send(JSON.stringify({ action: 'authenticate', token }));
    await expect.poll(() => tokenMessages).toEqual(['OK']);

    const customer = await createCustomersRepository(t.db).findActiveByEmail('demo@example.com');
    await t.app.photoEvents.publish(customer!.id, 'import-finished', {});
    await expect.poll(() => browserMessages.length).toBe(2);
    await expect.poll(() => tokenMessages.length).toBe(2);
    expect(PhotoEventSchema.parse(JSON.parse(browserMessages[1]!))).toMatchObject({
      type: 'import-finished',
    });
    browserSocket.terminate();
    tokenSocket.terminate();
  });

  it('closes a socket whose token is refused, and one from another site with a cookie', async () => {
    const socket = await t.app.injectWS('/api/photos/events', { headers: { host: 'nl.localhost:8080' } });
    const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
    socket.send(JSON.stringify({ action: 'authenticate', token: 'forged' }));
    expect(await closed).toBe(4401);
  });

  it('lists the whole library in pages and empties it with delete-all', async () => {
    const customer = await signIn(t, { email: 'b2b-new@example.com' });
    for (const seed of [31, 32, 33]) {
      const bytes = await makeJpeg({ seed, dateTimeOriginal: `2019:0${seed - 30}:15 12:00:00` });
      expect((await upload(customer, `list-${seed}.jpg`, bytes)).statusCode).toBe(200);
    }
    const first = PhotoPageSchema.parse(
      (await get(customer, '/api/photos/photos?limit=2&sortKey=dateTaken&sortOrder=asc')).json(),
    );
    const second = PhotoPageSchema.parse(
      (
        await get(
          customer,
          `/api/photos/photos?limit=2&sortKey=dateTaken&sortOrder=asc&cursor=${first.cursor}`,
        )
      ).json(),
    );
    expect([...first.images, ...second.images].map((photo) => photo.localFileName)).toEqual([
      'list-31.jpg',
      'list-32.jpg',
      'list-33.jpg',
    ]);
    expect(second.cursor).toBeNull();

    const deleting = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos/photos/all',
      headers: customer.headers,
    });
    expect(deleting.statusCode).toBe(202);
    expect(deleting.json()).toEqual({ status: 'DELETING' });
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect((await get(customer, '/api/photos/users')).json()).toMatchObject({
      photosCount: 0,
      status: 'ACTIVE',
    });
    expect((await get(customer, '/api/photos/users/timeline')).json()).toEqual([]);
  });

  it('puts a photo whose processing failed back in the queue, for its owner only', async () => {
    const bytes = await makeJpeg({ seed: 41, dateTimeOriginal: '2018:11:11 11:11:11' });
    const { photo } = UploadResultSchema.parse((await upload(owner, 'retry-me.jpg', bytes)).json());
    await t.app.jobs.drain();
    await t.db.query(`UPDATE photos SET status = 'failed', failure_reason = 'disk full' WHERE id = $1`, [
      photo.imageId,
    ]);
    const retryUrl = `/api/photos/photos/${photo.imageId}/retry`;
    expect(
      (await t.app.inject({ method: 'POST', url: retryUrl, headers: stranger.headers })).statusCode,
    ).toBe(404);
    const retried = await t.app.inject({ method: 'POST', url: retryUrl, headers: owner.headers });
    expect(retried.json()).toMatchObject({ imageId: photo.imageId, status: 'processing' });
    await t.app.jobs.drain();
    expect((await get(owner, `/api/photos/photos/${photo.imageId}`)).json()).toMatchObject({
      status: 'ready',
    });
  });

  it('gives photos confirmed together one upload id, and sends each its average colour', async () => {
    const batch = '0b8c7a52-6c38-4a0e-9b55-5a2f3c6d1e90';
    const ids: string[] = [];
    for (const seed of [51, 52]) {
      const bytes = await makeJpeg({ seed, width: 120, height: 90 });
      const created = await createTusUpload(t, owner, `batch-${seed}.jpg`, bytes.length, { batch });
      const done = await patch(owner, created.headers.location as string, 0, bytes);
      ids.push(UploadResultSchema.parse(done.json()).photo.imageId);
    }
    await t.app.jobs.drain();
    for (const id of ids) {
      const photo = (await get(owner, `/api/photos/photos/${id}`)).json<{
        uploadId: string;
        placeholder: string;
      }>();
      expect(photo.uploadId).toBe(batch);
      expect(photo.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
