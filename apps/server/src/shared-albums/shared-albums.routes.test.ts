import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ParticipantsSchema,
  SharedAlbumCountsSchema,
  SharedAlbumListSchema,
  SharedAlbumPhotoPageSchema,
  SharedAlbumPhotoSchema,
  SharedAlbumSchema,
} from '@photo/contracts/shared-albums';
import { TimelineEntrySchema } from '@photo/contracts/photos';
import { rateLimits } from '../platform/rate-limits';
import { signIn, signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { ingestBytes, testIngestService } from '../testing/ingest-bytes';
import { linkTo, mailsTo } from '../testing/mailbox';
import { registerCustomer } from '../testing/registration';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SHARING_SHOP_TOKEN, shareAlbumAsShop } from '../testing/shop-shares';
import { makeJpeg } from '../testing/test-images';
import { insertTestPhotos } from '../testing/test-photos';

describe(`shared albums over HTTP (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedInCustomer;
  let friend: SignedIn;
  let outsider: SignedIn;
  let ownerId: string;

  const request = (
    who: SignedIn,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });
  const share = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    request(who, method, `/api/share${path}`, payload);

  const createAlbum = async (name: string, who: SignedIn = owner) =>
    (await request(who, 'POST', '/api/photos/albums', { name })).json<{ albumId: string }>().albumId;
  const invite = (albumId: string, email: string) => shareAlbumAsShop(t, albumId, email);

  /** A real photo in the owner's library, with its files made by the job. */
  const realPhoto = async (seed: number) => {
    const { photo } = await ingestBytes(testIngestService(t.db, t.blobs), {
      ownerId,
      uploadId: 'u',
      fileName: `shared-${seed}.jpg`,
      bytes: await makeJpeg({ seed, width: 400, height: 300, dateTimeOriginal: '2024:07:01 12:00:00' }),
    });
    await t.app.jobs.drain();
    return photo.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: SHARING_SHOP_TOKEN });
    [owner, friend, outsider] = await signInDemoAccounts(t, [
      'demo@example.com',
      'b2b@example.com',
      'b2b-new@example.com',
    ]);
    ownerId = owner.customerId;
  });
  afterAll(() => t.close());

  it('lets a participant read exactly the shared album: photos, files, months, and nothing else', async () => {
    const albumId = await createAlbum('Holiday 2024');
    const [inAlbum, elsewhere] = [await realPhoto(1), await realPhoto(2)];
    const otherAlbum = await createAlbum('Not shared');
    await request(owner, 'POST', `/api/photos/albums/${albumId}/photos`, { photoIds: [inAlbum] });
    await request(owner, 'POST', `/api/photos/albums/${otherAlbum}/photos`, { photoIds: [elsewhere] });

    const invited = await invite(albumId, 'B2B@example.com');
    expect(invited.statusCode).toBe(200);
    expect(ParticipantsSchema.parse(invited.json())).toMatchObject({
      owner: { id: ownerId, email: 'demo@example.com' },
      participants: [{ email: 'b2b@example.com', joined: true }],
    });

    const list = SharedAlbumListSchema.parse((await share(friend, 'GET', '/shared-albums')).json());
    expect(list.albums).toHaveLength(1);
    expect(list.albums[0]).toMatchObject({
      albumId,
      albumName: 'Holiday 2024',
      photosCount: 1,
      ownerId,
      coverPhoto: { imageId: inAlbum, ownerId },
    });
    expect(SharedAlbumCountsSchema.parse((await share(friend, 'GET', '/users')).json())).toMatchObject({
      readAlbumsCount: 1,
      grantedAlbumsCount: 0,
    });
    expect(SharedAlbumCountsSchema.parse((await share(owner, 'GET', '/users')).json())).toMatchObject({
      readAlbumsCount: 0,
      grantedAlbumsCount: 1,
    });

    const index = (await share(friend, 'GET', `/shared-albums/${albumId}/timeline?sortKey=dateTaken`))
      .json<unknown[]>()
      .map((entry) => TimelineEntrySchema.parse(entry));
    expect(index).toEqual([{ year: 2024, month: 7, count: 1 }]);
    const section = SharedAlbumPhotoPageSchema.parse(
      (
        await share(friend, 'GET', `/shared-albums/${albumId}/photos/timeline/2024/7?sortKey=dateTaken`)
      ).json(),
    );
    const [photo] = section.images;
    expect(photo).toMatchObject({ imageId: inAlbum, ownerId });
    const flat = SharedAlbumPhotoPageSchema.parse(
      (await share(friend, 'GET', `/shared-albums/${albumId}/photos`)).json(),
    );
    expect(flat.images.map((entry) => entry.imageId)).toEqual([inAlbum]);
    expect(
      SharedAlbumPhotoSchema.parse(
        (await share(friend, 'GET', `/shared-albums/${albumId}/photos/${inAlbum}`)).json(),
      ).imageId,
    ).toBe(inAlbum);

    // Thumbnail, preview and original through the album's own file route, revalidated on each use.
    const paths = [photo!.thumbnails[0]!.url, photo!.url, photo!.untouchedUrl].map(
      (url) => new URL(url).pathname,
    );
    expect(paths[0]).toBe(`/api/share/shared-albums/${albumId}/files/${inAlbum}/300`);
    for (const path of paths) {
      const file = await request(friend, 'GET', path);
      expect(file.statusCode, path).toBe(200);
      expect(file.headers['cache-control']).toBe('private, no-cache');
      const again = await request(friend, 'GET', path, undefined, {
        'if-none-match': String(file.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    }
    expect((await request(friend, 'GET', paths[2]!)).headers['content-disposition']).toContain(
      'shared-1.jpg',
    );

    // Nothing else of the owner's: not their other photo (by this route or the owner's), not their
    // albums, not the photo list of the library.
    const refused = [
      request(friend, 'GET', `/api/share/shared-albums/${albumId}/files/${elsewhere}/300`),
      request(friend, 'GET', `/api/share/shared-albums/${otherAlbum}/files/${elsewhere}/300`),
      request(friend, 'GET', `/api/photos/files/${inAlbum}/300`),
      request(friend, 'GET', `/api/photos/photos/${inAlbum}`),
      request(friend, 'GET', `/api/photos/albums/${albumId}`),
      request(friend, 'GET', `/api/photos/albums/${albumId}/photos`),
      share(friend, 'GET', `/shared-albums/${otherAlbum}`),
      share(friend, 'GET', `/shared-albums/${otherAlbum}/photos`),
      share(friend, 'GET', `/shared-albums/${albumId}/photos/${elsewhere}`),
      share(outsider, 'GET', `/shared-albums/${albumId}`),
      share(outsider, 'GET', `/shared-albums/${albumId}/timeline`),
      share(outsider, 'GET', `/shared-albums/${albumId}/participants`),
      request(outsider, 'GET', paths[0]!),
    ];
    for (const response of await Promise.all(refused)) expect(response.statusCode).toBe(404);
    const own = (await request(friend, 'GET', '/api/photos/photos')).json<{ images: unknown[] }>();
    expect(JSON.stringify(own)).not.toContain(inAlbum);
  });

  it('is read-only for a participant, who sees the owner but no other participant', async () => {
    const albumId = await createAlbum('Read only');
    const [photo] = await insertTestPhotos(t.db, ownerId, ['2024-01-01T10:00:00']);
    await request(owner, 'POST', `/api/photos/albums/${albumId}/photos`, { photoIds: [photo] });
    await invite(albumId, 'b2b@example.com');
    await invite(albumId, 'nobody-yet@example.com');

    const seenByFriend = ParticipantsSchema.parse(
      (await share(friend, 'GET', `/shared-albums/${albumId}/participants`)).json(),
    );
    expect(seenByFriend).toEqual({ owner: { id: ownerId, email: 'demo@example.com' }, participants: [] });
    const seenByOwner = ParticipantsSchema.parse(
      (await share(owner, 'GET', `/shared-albums/${albumId}/participants`)).json(),
    );
    expect(seenByOwner.participants.map((entry) => [entry.email, entry.joined])).toEqual([
      ['b2b@example.com', true],
      ['nobody-yet@example.com', false],
    ]);

    const changes = [
      request(friend, 'POST', `/api/photos/albums/${albumId}/photos`, { photoIds: [photo] }),
      request(friend, 'DELETE', `/api/photos/albums/${albumId}/photos`, { photoIds: [photo] }),
      request(friend, 'PATCH', `/api/photos/albums/${albumId}`, { name: 'Taken over' }),
      request(friend, 'DELETE', `/api/photos/albums/${albumId}`),
      request(friend, 'DELETE', '/api/photos/photos', { photoIds: [photo] }),
      share(friend, 'POST', `/shared-albums/${albumId}/participants`, { email: 'b2b-new@example.com' }),
      share(friend, 'DELETE', `/shared-albums/${albumId}/participants/${seenByOwner.participants[1]!.id}`),
    ];
    const answers = await Promise.all(changes);
    expect(answers.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 200, 404, 404]);
    // The library delete is answered like a delete of an unknown id: reported failed, nothing removed.
    expect(answers[4]!.json()).toEqual({ failed: [photo] });
    expect(
      SharedAlbumSchema.parse((await share(owner, 'GET', `/shared-albums/${albumId}`)).json()),
    ).toMatchObject({
      albumName: 'Read only',
      photosCount: 1,
    });
    expect(
      ParticipantsSchema.parse((await share(owner, 'GET', `/shared-albums/${albumId}/participants`)).json())
        .participants,
    ).toHaveLength(2);
  });

  it('ends a participant’s access at once when the owner takes them off, or when they leave', async () => {
    const albumId = await createAlbum('Temporary');
    const photo = await realPhoto(3);
    await request(owner, 'POST', `/api/photos/albums/${albumId}/photos`, { photoIds: [photo] });
    const { participants } = ParticipantsSchema.parse((await invite(albumId, 'b2b@example.com')).json());
    const file = `/api/share/shared-albums/${albumId}/files/${photo}/300`;
    expect((await request(friend, 'GET', file)).statusCode).toBe(200);

    const removed = await share(
      owner,
      'DELETE',
      `/shared-albums/${albumId}/participants/${participants[0]!.id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await request(friend, 'GET', file)).statusCode).toBe(404);
    expect((await share(friend, 'GET', `/shared-albums/${albumId}`)).statusCode).toBe(404);
    expect(
      SharedAlbumListSchema.parse((await share(friend, 'GET', '/shared-albums')).json()).albums.map(
        (a) => a.albumId,
      ),
    ).not.toContain(albumId);

    await invite(albumId, 'b2b@example.com');
    expect((await request(friend, 'GET', file)).statusCode).toBe(200);
    expect((await share(friend, 'DELETE', `/shared-albums/${albumId}`)).statusCode).toBe(204);
    expect((await request(friend, 'GET', file)).statusCode).toBe(404);
    // Leaving is the participant's alone: the album and its photos stay the owner's.
    expect((await request(owner, 'GET', `/api/photos/albums/${albumId}`)).json()).toMatchObject({
      photosCount: 1,
    });
  });

  it('lets the owner stop sharing: the album becomes a plain album again, photos kept', async () => {
    const albumId = await createAlbum('Was shared');
    const [photo] = await insertTestPhotos(t.db, ownerId, ['2023-01-01T10:00:00']);
    await request(owner, 'POST', `/api/photos/albums/${albumId}/photos`, { photoIds: [photo] });
    await invite(albumId, 'b2b@example.com');
    expect((await request(owner, 'GET', `/api/photos/albums/${albumId}`)).json()).toMatchObject({
      isShared: true,
    });
    expect((await share(owner, 'DELETE', `/shared-albums/${albumId}`)).statusCode).toBe(204);
    expect((await share(friend, 'GET', `/shared-albums/${albumId}`)).statusCode).toBe(404);
    expect((await request(owner, 'GET', `/api/photos/albums/${albumId}`)).json()).toMatchObject({
      isShared: false,
      photosCount: 1,
    });
  });

  it('keeps an invitation for an address without an account until that address registers', async () => {
    const albumId = await createAlbum('For a newcomer');
    const email = `newcomer-${Date.now()}@example.com`;
    const { participants } = ParticipantsSchema.parse((await invite(albumId, email)).json());
    expect(participants).toMatchObject([{ email, joined: false }]);
    expect((await invite(albumId, email.toUpperCase())).statusCode).toBe(200);
    expect(
      ParticipantsSchema.parse((await share(owner, 'GET', `/shared-albums/${albumId}/participants`)).json())
        .participants,
    ).toHaveLength(1);

    // The invitation is mailed, in the owner's storefront language, with the shared album's address.
    const [mail] = await mailsTo(t, email);
    expect(mail).toMatchObject({ template: 'share.album-invitation' });
    expect(mail!.text).toContain('For a newcomer');
    expect(linkTo(mail!, `/my-photos/shared-albums/${albumId}`)).toBe(`/my-photos/shared-albums/${albumId}`);

    // Registers through the real 'Create an account' page and the mailed link, as a person would.
    await registerCustomer(t, { email, password: 'a-long-password', firstName: 'New', lastName: 'Comer' });
    const newcomer = await signIn(t, { email, password: 'a-long-password' });
    const counts = SharedAlbumCountsSchema.parse((await share(newcomer, 'GET', '/users')).json());
    expect(counts.readAlbumsCount).toBe(1);
    const list = SharedAlbumListSchema.parse((await share(newcomer, 'GET', '/shared-albums')).json());
    expect(list.albums.map((entry) => entry.albumName)).toEqual(['For a newcomer']);
    expect(
      ParticipantsSchema.parse((await share(owner, 'GET', `/shared-albums/${albumId}/participants`)).json())
        .participants,
    ).toMatchObject([{ email, joined: true }]);
  });

  it('mails an address at most five invitations a day, and keeps every share beyond them', async () => {
    const email = `popular-${Date.now()}@example.com`;
    for (let album = 1; album <= rateLimits.albumInvitationMails.max + 2; album += 1) {
      expect((await invite(await createAlbum(`Album ${album}`), email)).statusCode).toBe(200);
    }
    const mails = await mailsTo(t, email);
    expect(mails.filter((mail) => mail.template === 'share.album-invitation')).toHaveLength(
      rateLimits.albumInvitationMails.max,
    );
    const invitee = await registerCustomer(t, { email, password: 'a-long-password' });
    expect(invitee.cookie('session')).toBeDefined();
    const counts = SharedAlbumCountsSchema.parse(
      (await share(await signIn(t, { email, password: 'a-long-password' }), 'GET', '/users')).json(),
    );
    expect(counts.readAlbumsCount).toBe(rateLimits.albumInvitationMails.max + 2);
  });

  it('lets no customer share an album any more, and the shop only in a storefront it knows', async () => {
    const albumId = await createAlbum('Not to be shared');
    const refused = await share(owner, 'POST', `/shared-albums/${albumId}/participants`, {
      email: 'b2b@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      ParticipantsSchema.parse((await share(owner, 'GET', `/shared-albums/${albumId}/participants`)).json())
        .participants,
    ).toEqual([]);
    const nowhere = await shareAlbumAsShop(t, albumId, 'b2b@example.com', 'xx');
    expect(nowhere.json()).toMatchObject({ error: { field: 'body.storefront' } });
  });

  it('refuses bad invitations with the field at fault', async () => {
    const albumId = await createAlbum('Careful');
    const notAnEmail = await invite(albumId, 'not an e-mail');
    expect(notAnEmail.statusCode).toBe(400);
    expect(notAnEmail.json()).toMatchObject({ error: { field: 'body.email' } });
    const self = await invite(albumId, 'DEMO@example.com');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: { field: 'body.email' } });
    expect((await invite('00000000-0000-7000-8000-000000000000', 'x@example.com')).statusCode).toBe(404);
  });

  it('pages the albums shared with a customer, newest share first', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const albumId = await createAlbum(`Paged ${index}`);
      await invite(albumId, 'b2b-blocked@example.com');
      ids.push(albumId);
    }
    const blocked = await signIn(t, { email: 'b2b-blocked@example.com' });
    const first = SharedAlbumListSchema.parse((await share(blocked, 'GET', '/shared-albums?limit=2')).json());
    const second = SharedAlbumListSchema.parse(
      (await share(blocked, 'GET', `/shared-albums?limit=2&cursor=${first.cursor}`)).json(),
    );
    expect([...first.albums, ...second.albums].map((entry) => entry.albumId)).toEqual([...ids].reverse());
    expect(second.cursor).toBeNull();
  });
});
