import { UNKNOWN_DATE, type Photo, type SortKey } from '@photo/contracts/photos';
import type { TimelineSort } from '../../timeline/timeline-store';

/** docs/product/photos.md: a camera clock reset to the Unix epoch (January 1970) is no real taken date. */
export function realDateTaken(photo: Pick<Photo, 'dateTaken'>): string | undefined {
  return photo.dateTaken && !photo.dateTaken.startsWith('1970-01-') ? photo.dateTaken : undefined;
}

export interface TimelineMonth {
  year: number;
  month: number;
}

/**
 * The two previews of the library (docs/product/routes.md): the created-sort viewer when the photos sort key is
 * 'created', otherwise the date-taken viewer. They walk the same kind of store, sorted differently;
 * what differs is the month a photo is filed under, which a preview opened by its address (no grid
 * before it) must know to load the photo's neighbours.
 */
export interface PreviewViewer {
  sortKey: SortKey;
  monthOf(photo: Photo): TimelineMonth;
}

export const createdViewer: PreviewViewer = {
  sortKey: 'created',
  // The server files uploads by their UTC month.
  monthOf: (photo) => {
    const uploaded = new Date(photo.uploadEnd);
    return { year: uploaded.getUTCFullYear(), month: uploaded.getUTCMonth() + 1 };
  },
};

export const dateTakenViewer: PreviewViewer = {
  sortKey: 'dateTaken',
  // The camera's local time, filed as recorded; no real date is 'Unknown Date' (month 0 of year 0).
  monthOf: (photo) => {
    const taken = realDateTaken(photo);
    if (!taken) return { ...UNKNOWN_DATE };
    return { year: Number(taken.slice(0, 4)), month: Number(taken.slice(5, 7)) };
  },
};

export function previewViewerFor(sort: TimelineSort): PreviewViewer {
  return sort.sortKey === 'created' ? createdViewer : dateTakenViewer;
}
