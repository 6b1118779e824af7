import { photosApi } from '@photo/contracts/photos';
import type { Request } from '../api/request';
import type { TimelineSource } from '../timeline/timeline-store';

/** The customer's whole library as a timeline source: months by date taken or by upload date. */
export function librarySource(request: Request): TimelineSource {
  return {
    id: 'library',
    index: (sort) => request(photosApi.timeline, { query: { sortKey: sort.sortKey } }),
    page: (year, month, query) => request(photosApi.timelineMonth, { params: { year, month }, query }),
  };
}
