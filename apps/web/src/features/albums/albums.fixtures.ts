import type { Album } from '@photo/contracts/albums';
import type { Photo } from '@photo/contracts/photos';
import type { SharedAlbum } from '@photo/contracts/shared-albums';
import { jsonResponse, testConfig, type FetchRoute } from '../../test/fixtures';

/** Test data and server answers for the album pages (the server is outside the web unit). */

export const photosBase = testConfig.apiBaseUrls.photos;
export const shareBase = testConfig.apiBaseUrls.share;

export function albumPhoto(imageId: string, overrides: Partial<Photo> = {}): Photo {
  return {
    imageId,
    localFileName: `${imageId}.jpg`,
    uploadId: 'u',
    url: `${photosBase}/files/${imageId}/1300`,
    untouchedUrl: `${photosBase}/files/${imageId}/original`,
    thumbnails: [
      { id: `${imageId}-300`, url: `${photosBase}/files/${imageId}/300`, width: 300, height: 200 },
    ],
    uploadEnd: '2026-11-02T10:00:00Z',
    visibleWidth: 3000,
    visibleHeight: 2000,
    status: 'ready',
    ...overrides,
  };
}

export function testAlbum(albumId: string, overrides: Partial<Album> = {}): Album {
  return {
    albumId,
    albumName: `Album ${albumId}`,
    coverPhoto: null,
    photosCount: 0,
    created: '2026-11-02T10:00:00.000000Z',
    updated: '2026-11-02T10:00:00.000000Z',
    userId: 'c-1',
    isShared: false,
    ...overrides,
  };
}

export function testSharedAlbum(albumId: string, overrides: Partial<SharedAlbum> = {}): SharedAlbum {
  return {
    albumId,
    albumName: `Shared ${albumId}`,
    coverPhoto: null,
    photosCount: 0,
    created: '2026-10-01T10:00:00.000000Z',
    updated: '2026-10-01T10:00:00.000000Z',
    ownerId: 'owner-1',
    ...overrides,
  };
}

/** The counts behind the 'My photos' tabs. */
export const countRoutes = (albumsCount: number, readAlbumsCount: number): Record<string, FetchRoute> => ({
  [`${photosBase}/users`]: () => jsonResponse({ photosCount: 10, albumsCount, status: 'ACTIVE' }),
  [`${shareBase}/users`]: () => jsonResponse({ readAlbumsCount, grantedAlbumsCount: 0 }),
});

/** Answers by method for one URL; another method answers 405. */
export const byMethod =
  (answers: Partial<Record<string, FetchRoute>>): FetchRoute =>
  (init) =>
    (
      answers[init?.method ?? 'GET'] ??
      (() => jsonResponse({ error: { code: 'bad_request', message: 'method' } }, 405))
    )(init);

/** The JSON body a call sent. */
export const bodyOf = (init: RequestInit | undefined): unknown =>
  JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
