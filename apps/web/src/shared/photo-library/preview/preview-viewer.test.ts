import { describe, expect, it } from 'vitest';
import { createdViewer, dateTakenViewer, previewViewerFor, realDateTaken } from './preview-viewer';
import { testPhoto } from './preview.fixtures';

describe('the two viewers of the library preview', () => {
  it('uses the created-sort viewer only when the stored sort key is created (docs/product/routes.md)', () => {
    expect(previewViewerFor({ sortKey: 'created', sortOrder: 'asc' })).toBe(createdViewer);
    expect(previewViewerFor({ sortKey: 'created', sortOrder: 'desc' })).toBe(createdViewer);
    expect(previewViewerFor({ sortKey: 'dateTaken', sortOrder: 'desc' })).toBe(dateTakenViewer);
  });

  it('files a photo by its local taken date, or under Unknown Date without a real one', () => {
    const photo = testPhoto('p', { dateTaken: '2023-12-31T23:30:00', uploadEnd: '2024-01-01T00:10:00Z' });
    expect(dateTakenViewer.monthOf(photo)).toEqual({ year: 2023, month: 12 });
    expect(dateTakenViewer.monthOf(testPhoto('p'))).toEqual({ year: 0, month: 0 });
    expect(dateTakenViewer.monthOf(testPhoto('p', { dateTaken: '1970-01-01T00:00:00' }))).toEqual({
      year: 0,
      month: 0,
    });
  });

  it('files a photo by its UTC upload month in the created-sort viewer', () => {
    const photo = testPhoto('p', {
      dateTaken: '2023-12-31T23:30:00',
      uploadEnd: '2024-01-31T23:30:00-02:00',
    });
    expect(createdViewer.monthOf(photo)).toEqual({ year: 2024, month: 2 });
  });

  it('treats January 1970 as no real taken date, February 1970 as one', () => {
    expect(realDateTaken({ dateTaken: '1970-01-17T08:12:00' })).toBeUndefined();
    expect(realDateTaken({ dateTaken: '1970-02-01T09:00:00' })).toBe('1970-02-01T09:00:00');
    expect(realDateTaken({})).toBeUndefined();
  });
});
