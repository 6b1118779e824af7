/** The album routes of docs/product/routes.md. */
export const ALBUMS_PATH = '/my-photos/albums';
export const albumPath = (albumId: string) => `${ALBUMS_PATH}/${encodeURIComponent(albumId)}`;
export const albumPreviewPath = (albumId: string) => (photoId: string) =>
  `${albumPath(albumId)}/preview/${encodeURIComponent(photoId)}`;
export const sharedAlbumPath = (albumId: string) => `/my-photos/shared-albums/${encodeURIComponent(albumId)}`;
export const sharedAlbumPreviewPath = (albumId: string) => (photoId: string) =>
  `${sharedAlbumPath(albumId)}/preview/${encodeURIComponent(photoId)}`;
