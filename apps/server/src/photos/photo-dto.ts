import { thumbHashToAverageRGBA } from 'thumbhash';
import { derivativeSizes, photoFilePath, type Photo, type PhotoPage } from '@photo/contracts/photos';
import type { PhotoRecord } from './photos.repository';
import type { RecordPage } from './photos.service';

/** The photo as docs/product/entities.md describes it. URLs derive from the id alone, so a page of photos gzips small. */
export function toPhotoDto(photo: PhotoRecord, photosBaseUrl: string): Photo {
  const ready = photo.status === 'ready';
  return {
    imageId: photo.id,
    localFileName: photo.localFileName,
    uploadId: photo.uploadId,
    url: `${photosBaseUrl}${photoFilePath(photo.id, 1300)}`,
    untouchedUrl: `${photosBaseUrl}${photoFilePath(photo.id, 'original')}`,
    thumbnails: ready
      ? derivativeSizes.flatMap((size) => {
          const derivative = photo.derivatives.find((candidate) => candidate.size === size);
          return derivative
            ? [
                {
                  id: `${photo.id}-${size}`,
                  url: `${photosBaseUrl}${photoFilePath(photo.id, size)}`,
                  width: derivative.width,
                  height: derivative.height,
                },
              ]
            : [];
        })
      : [],
    ...(photo.takenLocal ? { dateTaken: photo.takenLocal } : {}),
    // Seconds are precise enough to show; the cursor keeps the stored microseconds.
    uploadEnd: `${photo.uploadedAt.slice(0, 19)}Z`,
    visibleWidth: photo.visibleWidth,
    visibleHeight: photo.visibleHeight,
    ...(photo.placeholder ? { placeholder: averageColour(photo.placeholder) } : {}),
    status: photo.status,
  };
}

export function toPhotoPageDto(page: RecordPage, photosBaseUrl: string): PhotoPage {
  return { cursor: page.cursor, images: page.photos.map((photo) => toPhotoDto(photo, photosBaseUrl)) };
}

const hex = (channel: number) =>
  Math.round(Math.min(1, Math.max(0, channel)) * 255)
    .toString(16)
    .padStart(2, '0');

/**
 * A section of 24 photos must stay within about 3 KB compressed: the grid paints only the average
 * colour, so that is what travels (7 characters), not the thumbhash kept in the database.
 */
function averageColour(thumbhash: string): string {
  const { r, g, b } = thumbHashToAverageRGBA(Buffer.from(thumbhash, 'base64'));
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}
