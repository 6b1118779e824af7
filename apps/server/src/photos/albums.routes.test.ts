import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlbumListSchema, AlbumSchema, type Album } from '@photo/contracts/albums';
import {
  PhotoPageSchema,
  PhotoSchema,
  TimelineEntrySchema,
  UserPhotoInfoSchema,
} from '@photo/contracts/photos';
import { signIn, signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { SHARING_SHOP_TOKEN, shareAlbumAsShop } from '../testing/shop-shares';
import { createTestApp, type TestApp } from '../testing/test-app';
import { makeJpeg } from '../testing/test-images';
import { insertTestPhotos } from '../testing/test-photos';

describe(`albums over HTTP (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedInCustomer;
  let stranger: SignedInCustomer;

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/photos${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

  const createAlbum = async (name: string, who: SignedIn = owner): Promise<string> => {
    const response = await call(who, 'POST', '/albums', { name });
    expect(response.statusCode).toBe(201);
    return response.json<{ albumId: string }>().albumId;
  };
  const album = async (albumId: string, who: SignedIn = owner): Promise<Album> =>
    AlbumSchema.parse((await call(who, 'GET', `/albums/${albumId}`)).json());
  const add = (albumId: string, photoIds: string[], who: SignedIn = owner) =>
    call(who, 'POST', `/albums/${albumId}/photos`, { photoIds });
  const remove = (albumId: string, photoIds: string[], who: SignedIn = owner) =>
    call(who, 'DELETE', `/albums/${albumId}/photos`, { photoIds });
  const timeline = async (albumId: string, query = '') =>
    (await call(owner, 'GET', `/albums/${albumId}/timeline${query}`))
      .json<unknown[]>()
      .map((entry) => TimelineEntrySchema.parse(entry));
  const month = async (albumId: string, year: number, monthNumber: number, query: string) =>
    PhotoPageSchema.parse(
      (await call(owner, 'GET', `/albums/${albumId}/photos/timeline/${year}/${monthNumber}${query}`)).json(),
    );

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: SHARING_SHOP_TOKEN });
    [owner, stranger] = await signInDemoAccounts(t, ['demo@example.com', 'b2b@example.com']);
  });
  afterAll(() => t.close());

  it('creates, renames and deletes an album; names follow docs/product/validation.md on the server too', async () => {
    const albumId = await createAlbum('Summer 2024');
    expect(await album(albumId)).toMatchObject({
      albumId,
      albumName: 'Summer 2024',
      coverPhoto: null,
      photosCount: 0,
      userId: owner.customerId,
      isShared: false,
    });
    for (const [name, message] of [
      ['', 'Please give your album a name'],
      [' Holiday', 'Name not valid'],
      ['   ', 'Name not valid'],
      ['a<b', 'Name not valid'],
      ['Rock & roll; live', 'Name not valid'],
      ['x'.repeat(101), 'Name not valid'],
    ]) {
      const refused = await call(owner, 'POST', '/albums', { name });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { field: 'body.name', message: `body.name: ${message}` },
      });
      const renamed = await call(owner, 'PATCH', `/albums/${albumId}`, { name });
      expect(renamed.statusCode).toBe(400);
    }
    const renamed = await call(owner, 'PATCH', `/albums/${albumId}`, { name: 'Summer 2024 – Italy' });
    expect(AlbumSchema.parse(renamed.json()).albumName).toBe('Summer 2024 – Italy');

    // Names as people type or paste them: a tab or line break inside becomes a space, a bidirectional
    // override (U+202E would show 'ylati' as 'italy') and control characters go.
    const pasted = await createAlbum('Summer\tholiday\n2024\u0007');
    expect((await album(pasted)).albumName).toBe('Summer holiday 2024');
    const reversed = await call(owner, 'PATCH', `/albums/${pasted}`, {
      name: 'Trip to \u202Eylati\u202C 2024',
    });
    expect(AlbumSchema.parse(reversed.json()).albumName).toBe('Trip to ylati 2024');
    for (const name of ['\u202E', '\u2066\u2069\u007F']) {
      const refused = await call(owner, 'POST', '/albums', { name });
      expect(refused.json()).toMatchObject({
        error: { field: 'body.name', message: 'body.name: Please give your album a name' },
      });
      expect((await call(owner, 'PATCH', `/albums/${pasted}`, { name })).statusCode).toBe(400);
    }
    expect((await album(pasted)).albumName).toBe('Trip to ylati 2024');
    expect((await call(owner, 'DELETE', `/albums/${pasted}`)).statusCode).toBe(204);

    const deleted = await call(owner, 'DELETE', `/albums/${albumId}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(owner, 'GET', `/albums/${albumId}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/albums/${albumId}`)).statusCode).toBe(404);
  });

  it('adds photos idempotently, keeps each once, and never takes another customer’s photo', async () => {
    const albumId = await createAlbum('Family');
    const [a, b, c] = await insertTestPhotos(t.db, owner.customerId, [
      '2024-03-10T10:00:00',
      '2024-03-12T10:00:00',
      '2023-12-24T18:00:00',
    ]);
    const [foreign] = await insertTestPhotos(t.db, stranger.customerId, ['2024-03-11T10:00:00']);

    expect((await add(albumId, [a!, b!, a!])).json()).toEqual({ failed: [] });
    expect((await add(albumId, [a!, b!, c!, foreign!, 'not-an-id'])).json()).toEqual({
      failed: [foreign, 'not-an-id'],
    });
    expect((await add(albumId, [c!])).json()).toEqual({ failed: [] });
    expect((await album(albumId)).photosCount).toBe(3);
    expect(await timeline(albumId, '?sortKey=dateTaken')).toEqual([
      { year: 2024, month: 3, count: 2 },
      { year: 2023, month: 12, count: 1 },
    ]);
    expect(await timeline(albumId, '?sortKey=dateTaken&sortOrder=asc')).toEqual([
      { year: 2023, month: 12, count: 1 },
      { year: 2024, month: 3, count: 2 },
    ]);
    const march = await month(albumId, 2024, 3, '?sortKey=dateTaken&sortOrder=desc');
    expect(march.images.map((photo) => photo.imageId)).toEqual([b, a]);

    expect((await remove(albumId, [a!, a!, foreign!])).json()).toEqual({ failed: [] });
    expect((await remove(albumId, [a!])).json()).toEqual({ failed: [] });
    expect((await album(albumId)).photosCount).toBe(2);
    // The photo left the album, not the library.
    expect((await call(owner, 'GET', `/photos/${a}`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/photos/${foreign}`)).statusCode).toBe(200);
  });

  it('shows the newest photo as cover unless one is picked; a removed cover gives way again', async () => {
    const albumId = await createAlbum('Covers');
    const [older, newer] = await insertTestPhotos(t.db, owner.customerId, [
      '2020-01-01T10:00:00',
      '2019-01-01T10:00:00',
    ]);
    await add(albumId, [older!, newer!]);
    expect((await album(albumId)).coverPhoto?.imageId).toBe(newer);

    const picked = await call(owner, 'PATCH', `/albums/${albumId}`, { coverPhotoId: older });
    expect(AlbumSchema.parse(picked.json()).coverPhoto?.imageId).toBe(older);
    const [outside] = await insertTestPhotos(t.db, owner.customerId, ['2021-01-01T10:00:00']);
    const refused = await call(owner, 'PATCH', `/albums/${albumId}`, { coverPhotoId: outside });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { field: 'body.coverPhotoId' } });

    await remove(albumId, [older!]);
    expect((await album(albumId)).coverPhoto?.imageId).toBe(newer);
    await remove(albumId, [newer!]);
    expect(await album(albumId)).toMatchObject({ coverPhoto: null, photosCount: 0 });
  });

  it('loses a photo deleted from the library from every album: counts, cover and months stay true', async () => {
    const first = await createAlbum('First');
    const second = await createAlbum('Second');
    const [kept, gone] = await insertTestPhotos(t.db, owner.customerId, [
      '2018-05-01T10:00:00',
      '2018-06-01T10:00:00',
    ]);
    await add(first, [kept!, gone!]);
    await add(second, [gone!]);
    expect((await album(second)).coverPhoto?.imageId).toBe(gone);

    const deleted = await call(owner, 'DELETE', '/photos', { photoIds: [gone] });
    expect(deleted.json()).toEqual({ failed: [] });
    expect(await album(first)).toMatchObject({ photosCount: 1, coverPhoto: { imageId: kept } });
    expect(await album(second)).toMatchObject({ photosCount: 0, coverPhoto: null });
    expect(await timeline(first, '?sortKey=dateTaken')).toEqual([{ year: 2018, month: 5, count: 1 }]);
    expect(await timeline(second, '?sortKey=dateTaken')).toEqual([]);
    expect(await timeline(second)).toEqual([]);
    const { rows } = await t.db.query('SELECT 1 FROM album_photos WHERE photo_id = $1', [gone]);
    expect(rows).toEqual([]);
  });

  it('moves a photo whose date changes to its new month in every album that holds it', async () => {
    const albumId = await createAlbum('Re-dated');
    const [photo] = await insertTestPhotos(t.db, owner.customerId, [null]);
    await add(albumId, [photo!]);
    expect(await timeline(albumId, '?sortKey=dateTaken')).toEqual([{ year: 0, month: 0, count: 1 }]);
    await t.db.query(`UPDATE photos SET taken_local = '2015-08-09T10:00:00' WHERE id = $1`, [photo]);
    expect(await timeline(albumId, '?sortKey=dateTaken')).toEqual([{ year: 2015, month: 8, count: 1 }]);
    const august = await month(albumId, 2015, 8, '?sortKey=dateTaken');
    expect(august.images.map((entry) => entry.imageId)).toEqual([photo]);
  });

  it('deletes an album and keeps every photo in the library', async () => {
    const albumId = await createAlbum('Short-lived');
    const ids = await insertTestPhotos(t.db, owner.customerId, ['2017-01-01T10:00:00', null]);
    await add(albumId, ids);
    expect((await call(owner, 'DELETE', `/albums/${albumId}`)).statusCode).toBe(204);
    for (const id of ids) expect((await call(owner, 'GET', `/photos/${id}`)).statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT 1 FROM album_month_counts WHERE album_id = $1', [albumId]);
    expect(rows).toEqual([]);
  });

  it('pages a month by keyset while photos are added and removed: nothing skipped, nothing twice', async () => {
    const albumId = await createAlbum('Busy month');
    const dates = Array.from(
      { length: 60 },
      (_, i) => `2022-05-${String((i % 28) + 1).padStart(2, '0')}T12:00:00`,
    );
    const ids = await insertTestPhotos(t.db, owner.customerId, dates);
    await add(albumId, ids);
    const seen: string[] = [];
    const removed = new Set<string>();
    let cursor: string | null = null;
    let round = 0;
    do {
      const page = await month(
        albumId,
        2022,
        5,
        `?sortKey=dateTaken&sortOrder=desc&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.images.map((photo) => photo.imageId));
      // Between pages: one photo ahead of the cursor leaves, and a new photo joins behind it.
      const everything = await month(albumId, 2022, 5, '?sortKey=dateTaken&sortOrder=desc&limit=500');
      const ahead = everything.images.at(-1)!.imageId;
      if (!seen.includes(ahead)) {
        removed.add(ahead);
        await remove(albumId, [ahead]);
      }
      const [joined] = await insertTestPhotos(
        t.db,
        owner.customerId,
        ['2022-05-28T23:00:00'],
        `late-${round}`,
      );
      await add(albumId, [joined!]);
      round += 1;
      cursor = page.cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen.includes(id) || removed.has(id)).toBe(true);
    const entry = (await timeline(albumId, '?sortKey=dateTaken')).find((row) => row.month === 5);
    expect(entry?.count).toBe(60 - removed.size + round);
  });

  it('lists the flat album in either sort key and fetches one photo of it', async () => {
    const albumId = await createAlbum('Flat');
    const ids = await insertTestPhotos(t.db, owner.customerId, [
      null,
      '2010-01-01T00:00:00',
      '2012-01-01T00:00:00',
    ]);
    await add(albumId, ids);
    const byDate = PhotoPageSchema.parse(
      (await call(owner, 'GET', `/albums/${albumId}/photos?sortKey=dateTaken&sortOrder=asc&limit=2`)).json(),
    );
    const rest = PhotoPageSchema.parse(
      (
        await call(
          owner,
          'GET',
          `/albums/${albumId}/photos?sortKey=dateTaken&sortOrder=asc&limit=2&cursor=${byDate.cursor}`,
        )
      ).json(),
    );
    expect([...byDate.images, ...rest.images].map((photo) => photo.imageId)).toEqual([
      ids[1],
      ids[2],
      ids[0],
    ]);
    const byUpload = PhotoPageSchema.parse((await call(owner, 'GET', `/albums/${albumId}/photos`)).json());
    expect(byUpload.images.map((photo) => photo.imageId)).toEqual([...ids].reverse());
    expect(byUpload.cursor).toBeNull();
    const one = await call(owner, 'GET', `/albums/${albumId}/photos/${ids[1]}`);
    expect(PhotoSchema.parse(one.json()).imageId).toBe(ids[1]);
    const [notInIt] = await insertTestPhotos(t.db, owner.customerId, ['2011-01-01T00:00:00']);
    expect((await call(owner, 'GET', `/albums/${albumId}/photos/${notInIt}`)).statusCode).toBe(404);
  });

  it('pages the album list newest first: the first page one short for the New album tile', async () => {
    const customer = await signIn(t, { email: 'b2b-new@example.com' });
    const names = Array.from({ length: 53 }, (_, i) => `Album ${i}`);
    for (const name of names) await createAlbum(name, customer);
    const first = AlbumListSchema.parse((await call(customer, 'GET', '/albums?limit=49')).json());
    expect(first.albums).toHaveLength(49);
    // An album created between pages lands before the cursor: the next page neither repeats nor skips.
    await createAlbum('Latecomer', customer);
    const second = AlbumListSchema.parse(
      (await call(customer, 'GET', `/albums?cursor=${first.cursor}`)).json(),
    );
    expect(second.cursor).toBeNull();
    expect([...first.albums, ...second.albums].map((entry) => entry.albumName)).toEqual([...names].reverse());
    expect(UserPhotoInfoSchema.parse((await call(customer, 'GET', '/users')).json()).albumsCount).toBe(54);
    const tooMany = await call(customer, 'GET', '/albums?limit=51');
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers another customer’s album ids with 404 and changes nothing', async () => {
    const albumId = await createAlbum('Private');
    const [mine] = await insertTestPhotos(t.db, owner.customerId, ['2016-01-01T10:00:00']);
    const [theirs] = await insertTestPhotos(t.db, stranger.customerId, ['2016-01-01T10:00:00']);
    await add(albumId, [mine!]);
    const before = await album(albumId);

    const attempts = [
      call(stranger, 'GET', `/albums/${albumId}`),
      call(stranger, 'PATCH', `/albums/${albumId}`, { name: 'Mine now' }),
      call(stranger, 'DELETE', `/albums/${albumId}`),
      add(albumId, [theirs!], stranger),
      remove(albumId, [mine!], stranger),
      call(stranger, 'GET', `/albums/${albumId}/photos`),
      call(stranger, 'GET', `/albums/${albumId}/timeline`),
      call(stranger, 'GET', `/albums/${albumId}/photos/timeline/2016/1`),
      call(stranger, 'GET', `/albums/${albumId}/photos/${mine}`),
      call(stranger, 'GET', '/albums/not-a-uuid'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(mine);
    }
    const listed = AlbumListSchema.parse((await call(stranger, 'GET', '/albums')).json());
    expect(listed.albums.map((entry) => entry.albumId)).not.toContain(albumId);
    const after = await album(albumId);
    expect(after).toEqual(before);
  });

  it('uploads straight into an album the caller owns, and refuses another customer’s album', async () => {
    const albumId = await createAlbum('Uploads');
    const strangersAlbum = await createAlbum('Not yours', stranger);
    const bytes = await makeJpeg({ seed: 61, dateTimeOriginal: '2021:09:09 09:09:09' });
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const startUpload = (target: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/upload/files',
        headers: {
          ...owner.headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(bytes.length),
          'upload-metadata': `filename ${base64('into-album.jpg')},albumId ${base64(target)}`,
        },
      });
    expect((await startUpload(strangersAlbum)).statusCode).toBe(404);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const created = await startUpload(albumId);
      expect(created.statusCode).toBe(201);
      const finished = await t.app.inject({
        method: 'PATCH',
        url: created.headers.location as string,
        headers: {
          ...owner.headers,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      });
      expect(finished.statusCode).toBe(200);
    }
    const uploaded = await album(albumId);
    expect(uploaded.photosCount).toBe(1);
    expect(uploaded.coverPhoto?.localFileName).toBe('into-album.jpg');
    expect((await album(strangersAlbum, stranger)).photosCount).toBe(0);
  });

  it('says which albums are shared only when asked for shared data', async () => {
    const albumId = await createAlbum('To share');
    const invited = await shareAlbumAsShop(t, albumId, 'someone@example.com');
    expect(invited.statusCode).toBe(200);
    const plain = AlbumListSchema.parse((await call(owner, 'GET', '/albums')).json());
    expect(plain.albums.find((entry) => entry.albumId === albumId)?.isShared).toBe(false);
    const withShared = AlbumListSchema.parse(
      (await call(owner, 'GET', '/albums?displaySharedData=true')).json(),
    );
    expect(withShared.albums.find((entry) => entry.albumId === albumId)?.isShared).toBe(true);
    expect((await album(albumId)).isShared).toBe(true);
  });
});
