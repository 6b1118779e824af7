import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArchiveEventSchema,
  DownloadListSchema,
  DownloadRequestSchema,
  DownloadUrlSchema,
  type Download,
} from '@photo/contracts/downloads';
import { ingestBytes, testIngestService } from '../testing/ingest-bytes';
import { holdErrorsUntilRead, type BlobStore } from '../platform/blob-store';
import {
  issueAccessToken,
  signIn,
  signInDemoAccounts,
  type SignedIn,
  type SignedInCustomer,
} from '../testing/sign-in';
import { SHARING_SHOP_TOKEN, shareAlbumAsShop } from '../testing/shop-shares';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeJpeg, makePng } from '../testing/test-images';
import { zipEntries } from '../testing/zip-entries';

interface Uploaded {
  id: string;
  bytes: Buffer;
}

/**
 * Faults the tests switch on: reads of a photo that break mid-stream, a build held at its start, an
 * archive's write that starts late (a slow disk or object store).
 */
const faults = {
  brokenReads: undefined as { photoId: string; times: number } | undefined,
  holdBuild: undefined as Promise<void> | undefined,
  holdArchiveWrite: undefined as Promise<void> | undefined,
};

function breakingAfter(source: Readable, bytes: number): Readable {
  let seen = 0;
  return source.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > bytes) callback(new Error('The disk went away'));
        else callback(null, chunk);
      },
    }),
  );
}

const withFaults = (inner: BlobStore): BlobStore => ({
  ...inner,
  async read(key, range) {
    const stream = await inner.read(key, range);
    const broken = faults.brokenReads;
    if (broken && broken.times > 0 && key.includes(broken.photoId)) {
      broken.times -= 1;
      return breakingAfter(stream, 100);
    }
    return stream;
  },
  async put(key, data, contentType) {
    holdErrorsUntilRead(data);
    if (key.startsWith('archives/')) await faults.holdArchiveWrite;
    return inner.put(key, data, contentType);
  },
  async deletePrefix(prefix) {
    if (prefix.startsWith('archives/')) await faults.holdBuild;
    return inner.deletePrefix(prefix);
  },
});

describe('photo archives over HTTP', () => {
  let t: TestApp;
  let owner: SignedInCustomer;
  let stranger: SignedInCustomer;
  let ownerId: string;
  let strangerId: string;
  const photos: Uploaded[] = [];

  const ingest = async (customerId: string, fileName: string, bytes: Buffer): Promise<Uploaded> => {
    const { photo } = await ingestBytes(testIngestService(t.db, t.blobs), {
      ownerId: customerId,
      uploadId: randomUUID(),
      fileName,
      bytes,
    });
    return { id: photo.id, bytes };
  };

  const post = (who: SignedIn, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/downloads/downloads', headers: who.headers, payload: body });
  const get = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const list = async (who: SignedIn): Promise<Download[]> =>
    DownloadListSchema.parse((await get(who, '/api/downloads/downloads')).json()).items;
  const urlOf = (who: SignedIn, downloadId: string) => get(who, `/api/downloads/downloads/${downloadId}/url`);
  /** Follows a signed link as the browser's download manager does: no cookie, maybe a range. */
  const fetchLink = (url: string, range?: string) => {
    const address = new URL(url);
    return t.app.inject({
      method: 'GET',
      url: `${address.pathname}${address.search}`,
      headers: { host: address.host, ...(range ? { range } : {}) },
    });
  };
  const archiveFiles = async (customerId: string, downloadId: string) =>
    readdir(path.join(t.config.dataDir, 'blobs/archives', customerId, downloadId)).catch(() => []);
  const runRetriesNow = async () => {
    await t.db.query(`UPDATE jobs SET run_at = now() WHERE state = 'queued'`);
    await t.app.jobs.drain();
  };

  beforeAll(async () => {
    t = await createTestApp(
      { SHOP_API_TOKEN: SHARING_SHOP_TOKEN },
      { wrapBlobs: withFaults, holdRetries: true },
    );
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
    ownerId = owner.customerId;
    strangerId = stranger.customerId;
    // Two months, two photos taken in the same second (their names clash), and one without a date.
    photos.push(
      await ingest(
        ownerId,
        'beach.jpg',
        await makeJpeg({ seed: 1, dateTimeOriginal: '2024:08:17 14:03:22' }),
      ),
      await ingest(
        ownerId,
        'beach-2.jpg',
        await makeJpeg({ seed: 2, dateTimeOriginal: '2024:08:17 14:03:22' }),
      ),
      await ingest(ownerId, 'snow.jpg', await makeJpeg({ seed: 3, dateTimeOriginal: '2023:12:24 09:00:05' })),
      await ingest(ownerId, 'scan:old/1.png', await makePng({ seed: 4 })),
    );
    await t.app.jobs.drain();
  });
  afterAll(() => t.close());

  it('builds a stored ZIP of the originals, pushes finished, and serves it by a signed link', async () => {
    const messages: string[] = [];
    // Listening from before the handshake, as a browser does: the server says OK as soon as it opens.
    const socket = await t.app.injectWS(
      '/api/photos/events',
      { headers: { cookie: owner.cookie, origin: owner.headers.origin!, host: owner.headers.host! } },
      { onInit: (opening) => opening.on('message', (data: Buffer) => messages.push(data.toString())) },
    );
    await expect.poll(() => messages).toEqual(['OK']);

    const id = randomUUID();
    const created = await post(owner, { id, photos: photos.map((photo) => photo.id) });
    expect(created.statusCode).toBe(202);
    expect(DownloadRequestSchema.parse(created.json())).toEqual({
      id,
      photos: photos.map((photo) => photo.id),
    });
    await t.app.jobs.drain();

    await expect.poll(() => messages.length).toBe(3);
    const events = messages.slice(1).map((raw) => ArchiveEventSchema.parse(JSON.parse(raw)));
    expect(events.map((event) => event.key)).toEqual([
      'archive-generation-started',
      'archive-generation-finished',
    ]);
    expect(events[1]!.message).toEqual({ userId: ownerId, downloadId: id });
    socket.terminate();

    const [listed] = await list(owner);
    expect(listed).toMatchObject({ id, photoCount: 4, state: 'ready' });
    const days = (Date.parse(listed!.expires) - Date.parse(listed!.created)) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);

    const link = DownloadUrlSchema.parse((await urlOf(owner, id)).json()).url;
    const file = await fetchLink(link);
    expect(file.statusCode).toBe(200);
    // Saved under a name for a person, in the language the archive was asked in (Dutch here).
    const day = listed!.created.slice(0, 10);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Foto_s ${day}.zip"; filename*=UTF-8''Foto%27s%20${day}.zip`,
    );
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    expect(listed!.size).toBe(file.rawPayload.length);

    const entries = await zipEntries(file.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      '2024-08-17 14.03.22.jpg',
      '2024-08-17 14.03.22 (2).jpg',
      '2023-12-24 09.00.05.jpg',
      'scan_old_1.png',
    ]);
    expect(entries.every((entry) => entry.compressionMethod === 0)).toBe(true);
    entries.forEach((entry, index) => expect(entry.data.equals(photos[index]!.bytes)).toBe(true));
  });

  describe('of a shared album', () => {
    const api = (who: SignedIn, method: 'POST' | 'DELETE', url: string, payload: object) =>
      t.app.inject({ method, url, headers: who.headers, payload });
    const postShared = (who: SignedIn, body: object) =>
      api(who, 'POST', '/api/downloads/shared-album-downloads', body);

    /** The owner's album of the first and third photo, shared with the participant. */
    async function sharedAlbum(participant: SignedIn, email: string) {
      const albumId = (await api(owner, 'POST', '/api/photos/albums', { name: 'Holiday' })).json<{
        albumId: string;
      }>().albumId;
      await api(owner, 'POST', `/api/photos/albums/${albumId}/photos`, {
        photoIds: [photos[0]!.id, photos[2]!.id],
      });
      const shared = await shareAlbumAsShop(t, albumId, email);
      expect(shared.statusCode).toBe(200);
      // The participant's first look at the share claims the invitation.
      await t.app.inject({ url: '/api/share/shared-albums', headers: participant.headers });
      return albumId;
    }

    it('lets a participant download the album’s photos, byte for byte, named by each owner', async () => {
      const participant = await signIn(t, { email: 'b2b-new@example.com' });
      const albumId = await sharedAlbum(participant, 'b2b-new@example.com');
      const id = randomUUID();
      const wanted = [photos[0]!, photos[2]!];
      const created = await postShared(participant, {
        id,
        albumId,
        photos: wanted.map((photo) => ({ photoId: photo.id, ownerId })),
      });
      expect(created.statusCode).toBe(202);
      await t.app.jobs.drain();
      const link = DownloadUrlSchema.parse((await urlOf(participant, id)).json()).url;
      const entries = await zipEntries((await fetchLink(link)).rawPayload);
      expect(entries.map((entry) => entry.name)).toEqual([
        '2024-08-17 14.03.22.jpg',
        '2023-12-24 09.00.05.jpg',
      ]);
      entries.forEach((entry, index) => expect(entry.data.equals(wanted[index]!.bytes)).toBe(true));
      // It is the participant's archive: the owner has no such download.
      expect((await urlOf(owner, id)).statusCode).toBe(404);
    });

    it('answers 404 for photos outside the album, a wrong owner, and anyone who does not share in it', async () => {
      const participant = await signIn(t, { email: 'b2b-blocked@example.com' });
      const albumId = await sharedAlbum(participant, 'b2b-blocked@example.com');
      const ask = (who: SignedIn, items: Array<{ photoId: string; ownerId: string }>) =>
        postShared(who, { id: randomUUID(), albumId, photos: items });
      // The owner's photo that is not in the album.
      expect((await ask(participant, [{ photoId: photos[1]!.id, ownerId }])).statusCode).toBe(404);
      expect((await ask(participant, [{ photoId: photos[0]!.id, ownerId: strangerId }])).statusCode).toBe(
        404,
      );
      expect((await ask(stranger, [{ photoId: photos[0]!.id, ownerId }])).statusCode).toBe(404);
      expect((await list(participant)).map((download) => download.id)).toEqual([]);
      // The owner may download from their own shared album too.
      expect((await ask(owner, [{ photoId: photos[0]!.id, ownerId }])).statusCode).toBe(202);
    });
  });

  it('resumes a broken download with a range, and refuses a link that was altered', async () => {
    const id = randomUUID();
    await post(owner, { id, photos: [photos[0]!.id, photos[2]!.id] });
    await t.app.jobs.drain();
    const link = DownloadUrlSchema.parse((await urlOf(owner, id)).json()).url;
    const whole = (await fetchLink(link)).rawPayload;

    const cut = 1000;
    const rest = await fetchLink(link, `bytes=${cut}-`);
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${cut}-${whole.length - 1}/${whole.length}`);
    expect(Number(rest.headers['content-length'])).toBe(whole.length - cut);
    expect(Buffer.concat([whole.subarray(0, cut), rest.rawPayload]).equals(whole)).toBe(true);
    expect((await fetchLink(link, `bytes=${whole.length}-`)).statusCode).toBe(416);

    const forgedLink = new URL(link);
    const forged = JSON.parse(Buffer.from(forgedLink.searchParams.get('link')!, 'base64url').toString()) as {
      key: string;
    };
    forged.key = forged.key.replace(ownerId, strangerId);
    forgedLink.searchParams.set('link', Buffer.from(JSON.stringify(forged)).toString('base64url'));
    expect((await fetchLink(forgedLink.href)).statusCode).toBe(403);
  });

  it('answers a retried request with its archive and creates nothing new', async () => {
    const id = randomUUID();
    const body = { id, photos: [photos[0]!.id, photos[1]!.id] };
    const first = await post(owner, body);
    const again = await post(owner, { id, photos: [photos[1]!.id, photos[0]!.id] });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    const { rows } = await t.db.query<{ count: string | number }>(
      `SELECT count(*) AS count FROM jobs WHERE payload->>'downloadId' = $1`,
      [id],
    );
    expect(Number(rows[0]!.count)).toBeLessThanOrEqual(1);
    expect((await list(owner)).filter((download) => download.id === id)).toHaveLength(1);

    const otherPhotos = await post(owner, { id, photos: [photos[2]!.id] });
    expect(otherPhotos.statusCode).toBe(409);
    await t.app.jobs.drain();
  });

  it('keeps the same id from another customer apart: it reveals and touches nothing', async () => {
    const id = randomUUID();
    await post(owner, { id, photos: [photos[0]!.id] });
    await t.app.jobs.drain();
    const theirPhoto = await ingest(strangerId, 'theirs.jpg', await makeJpeg({ seed: 9 }));

    const theirs = await post(stranger, { id, photos: [theirPhoto.id] });
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json()).toEqual({ id, photos: [theirPhoto.id] });
    await t.app.jobs.drain();

    const mine = (await list(owner)).find((download) => download.id === id);
    expect(mine).toMatchObject({ photoCount: 1, state: 'ready' });
    const ownLink = DownloadUrlSchema.parse((await urlOf(owner, id)).json()).url;
    const [entry] = await zipEntries((await fetchLink(ownLink)).rawPayload);
    expect(entry!.data.equals(photos[0]!.bytes)).toBe(true);
    const theirLink = DownloadUrlSchema.parse((await urlOf(stranger, id)).json()).url;
    const [theirEntry] = await zipEntries((await fetchLink(theirLink)).rawPayload);
    expect(theirEntry!.data.equals(theirPhoto.bytes)).toBe(true);
  });

  it('answers 404 on every call about another customer’s download', async () => {
    const id = randomUUID();
    await post(owner, { id, photos: [photos[0]!.id] });
    await t.app.jobs.drain();
    expect((await urlOf(stranger, id)).statusCode).toBe(404);
    expect((await urlOf(stranger, 'not-a-uuid')).statusCode).toBe(404);
    expect((await list(stranger)).map((download) => download.id)).not.toContain(id);
    const withTheirPhoto = await post(stranger, { id: randomUUID(), photos: [photos[0]!.id] });
    expect(withTheirPhoto.statusCode).toBe(404);
    expect(withTheirPhoto.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('takes 1 to 100 photos, naming the field otherwise', async () => {
    const none = await post(owner, { id: randomUUID(), photos: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: { code: 'bad_request', field: 'body.photos' } });
    const ids = Array.from({ length: 101 }, () => randomUUID());
    const tooMany = await post(owner, { id: randomUUID(), photos: ids });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: { field: 'body.photos' } });
    const noId = await post(owner, { photos: [photos[0]!.id] });
    expect(noId.json()).toMatchObject({ error: { field: 'body.id' } });
    expect((await post(owner, { id: 'retry-1', photos: [photos[0]!.id] })).statusCode).toBe(400);
  });

  it('answers 404 for the link until the archive is ready', async () => {
    let release = () => undefined as void;
    faults.holdBuild = new Promise<void>((resolve) => {
      release = resolve;
    });
    const id = randomUUID();
    await post(owner, { id, photos: [photos[0]!.id] });
    await expect.poll(async () => (await list(owner)).find((d) => d.id === id)?.state).toBe('preparing');
    expect((await urlOf(owner, id)).statusCode).toBe(404);
    faults.holdBuild = undefined;
    release();
    await t.app.jobs.drain();
    expect((await urlOf(owner, id)).statusCode).toBe(200);
  });

  it('skips photos deleted meanwhile and says so inside, in the customer’s language', async () => {
    const doomed = await ingest(ownerId, 'verloren.jpg', await makeJpeg({ seed: 11 }));
    let release = () => undefined as void;
    faults.holdBuild = new Promise<void>((resolve) => {
      release = resolve;
    });
    const id = randomUUID();
    await post(owner, { id, photos: [photos[2]!.id, doomed.id] });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos/photos',
      headers: owner.headers,
      payload: { photoIds: [doomed.id] },
    });
    expect(deleted.json()).toEqual({ failed: [] });
    faults.holdBuild = undefined;
    release();
    await t.app.jobs.drain();

    const link = DownloadUrlSchema.parse((await urlOf(owner, id)).json()).url;
    const entries = await zipEntries((await fetchLink(link)).rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      '2023-12-24 09.00.05.jpg',
      "Niet opgenomen foto's.txt",
    ]);
    expect(entries[1]!.data.toString('utf8')).toContain('- verloren.jpg');
  });

  it('restarts an archive whose attempt broke mid-stream, leaving no half file and one archive', async () => {
    const id = randomUUID();
    faults.brokenReads = { photoId: photos[2]!.id, times: 1 };
    await post(owner, { id, photos: [photos[0]!.id, photos[2]!.id, photos[3]!.id] });
    await t.app.jobs.drain();

    expect(faults.brokenReads.times).toBe(0);
    expect((await list(owner)).find((download) => download.id === id)?.state).toBe('preparing');
    expect((await urlOf(owner, id)).statusCode).toBe(404);
    expect(await archiveFiles(ownerId, id)).toEqual([]);

    // What a worker that died mid-write would have left: part of a file beside where the archive goes.
    await t.blobs.put(`archives/${ownerId}/${id}/${id}.zip.crashed.partial`, Buffer.alloc(5000));
    await runRetriesNow();
    expect((await list(owner)).find((download) => download.id === id)?.state).toBe('ready');
    expect(await archiveFiles(ownerId, id)).toEqual([`${id}.zip`]);
    const link = DownloadUrlSchema.parse((await urlOf(owner, id)).json()).url;
    const entries = await zipEntries((await fetchLink(link)).rawPayload);
    expect(entries.map((entry) => entry.data.length)).toEqual(
      [photos[0]!, photos[2]!, photos[3]!].map((photo) => photo.bytes.length),
    );
  });

  it('fails the attempt, not the server, when a photo breaks before the archive starts being written', async () => {
    const id = randomUUID();
    let releaseWrite = () => {};
    faults.holdArchiveWrite = new Promise((resolve) => (releaseWrite = resolve));
    faults.brokenReads = { photoId: photos[0]!.id, times: 1 };
    await post(owner, { id, photos: [photos[0]!.id] });
    const attempt = t.app.jobs.drain();
    await expect.poll(() => faults.brokenReads?.times).toBe(0);
    // The broken read has failed the archive before anything listens to it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseWrite();
    await attempt;
    faults.holdArchiveWrite = undefined;

    expect((await list(owner)).find((download) => download.id === id)?.state).toBe('preparing');
    expect(await archiveFiles(ownerId, id)).toEqual([]);
    await runRetriesNow();
    expect((await list(owner)).find((download) => download.id === id)?.state).toBe('ready');
  });

  it('fails an archive for good after its last attempt, and tells the token client', async () => {
    const token = await issueAccessToken(t, { email: 'demo@example.com' });
    const socket = await t.app.injectWS('/api/photos/events', { headers: { host: 'nl.localhost:8080' } });
    const messages: string[] = [];
    socket.on('message', (data: Buffer) => messages.push(data.toString()));
    socket.send(JSON.stringify({ action: 'authenticate', token }));
    await expect.poll(() => messages).toEqual(['OK']);

    const id = randomUUID();
    faults.brokenReads = { photoId: photos[0]!.id, times: 100 };
    await post(owner, { id, photos: [photos[0]!.id] });
    for (let attempt = 0; attempt < 5; attempt += 1) await runRetriesNow();
    faults.brokenReads = undefined;

    const keys = () =>
      messages
        .slice(1)
        .map((raw) => ArchiveEventSchema.parse(JSON.parse(raw)))
        .filter((event) => event.message.downloadId === id)
        .map((event) => event.key);
    await expect.poll(keys).toContain('archive-generation-error');
    expect(keys()).not.toContain('archive-generation-finished');
    expect((await list(owner)).find((download) => download.id === id)?.state).toBe('failed');
    expect(await archiveFiles(ownerId, id)).toEqual([]);
    socket.terminate();
  });

  it('lets archives expire, then removes their rows and files on schedule', async () => {
    const id = randomUUID();
    await post(owner, { id, photos: [photos[0]!.id] });
    await t.app.jobs.drain();
    const link = DownloadUrlSchema.parse((await urlOf(owner, id)).json()).url;
    expect(await archiveFiles(ownerId, id)).toEqual([`${id}.zip`]);

    await t.db.query(`UPDATE downloads SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    expect((await list(owner)).find((download) => download.id === id)?.state).toBe('expired');
    expect((await urlOf(owner, id)).statusCode).toBe(404);

    await t.db.query(`UPDATE schedules SET next_run_at = now() WHERE name = 'downloads.expire'`);
    await expect
      .poll(
        async () => {
          await t.app.jobs.drain();
          return (
            (await archiveFiles(ownerId, id)).length + (await list(owner)).filter((d) => d.id === id).length
          );
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    expect((await fetchLink(link)).statusCode).toBe(404);
  });
});
