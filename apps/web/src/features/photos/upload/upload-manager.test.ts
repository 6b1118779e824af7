import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo, PhotoEvent } from '@photo/contracts/photos';
import { PROCESSING_CHECK_MS, UploadManager } from './upload-manager';

// The network side of an upload: every file is received by the server and still being processed.
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      private readonly file: File,
      private readonly options: { onSuccess: (result: { lastResponse: { getBody(): string } }) => void },
    ) {}
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    start() {
      const photo = uploadedPhoto(`id-${this.file.name}`, 'processing');
      queueMicrotask(() =>
        this.options.onSuccess({
          lastResponse: { getBody: () => JSON.stringify({ duplicate: false, photo }) },
        }),
      );
    }
  },
}));

function uploadedPhoto(imageId: string, status: Photo['status']): Photo {
  return {
    imageId,
    localFileName: `${imageId}.jpg`,
    uploadId: 'batch',
    url: `/photos/${imageId}/1300`,
    untouchedUrl: `/photos/${imageId}/original`,
    thumbnails: [],
    uploadEnd: '2026-11-21T08:00:00Z',
    visibleHeight: 600,
    visibleWidth: 800,
    status,
  };
}

const processed = (photoId: string): PhotoEvent => ({
  id: 'event-1',
  type: 'photo-processed',
  data: { timestamp: Date.now(), payload: { photoId } },
});

async function uploadOne(manager: UploadManager, name: string) {
  manager.add([new File(['jpeg bytes'], name, { type: 'image/jpeg' })]);
  manager.start();
  await vi.waitFor(() => expect(manager.getSnapshot().at(-1)?.status).toBe('processing'));
}

describe('a file that is still processing after its upload', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('is done when its push event arrives, without asking the photo service', async () => {
    const lookUp = vi.fn((photoId: string) => Promise.resolve(uploadedPhoto(photoId, 'processing')));
    const manager = new UploadManager();
    manager.configure('https://upload.example', lookUp);
    await uploadOne(manager, 'a.jpg');

    manager.onPhotoEvent(processed('id-a.jpg'));
    expect(manager.getSnapshot()[0]?.status).toBe('done');
    await vi.advanceTimersByTimeAsync(PROCESSING_CHECK_MS);
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('is looked up when the push event is late, until processing has ended', async () => {
    let status: Photo['status'] = 'processing';
    const lookUp = vi.fn((photoId: string) => Promise.resolve(uploadedPhoto(photoId, status)));
    const manager = new UploadManager();
    manager.configure('https://upload.example', lookUp);
    await uploadOne(manager, 'b.jpg');

    await vi.advanceTimersByTimeAsync(PROCESSING_CHECK_MS);
    expect(lookUp).toHaveBeenCalledWith('id-b.jpg');
    expect(manager.getSnapshot()[0]?.status).toBe('processing');

    status = 'ready';
    await vi.advanceTimersByTimeAsync(PROCESSING_CHECK_MS);
    expect(manager.getSnapshot()[0]?.status).toBe('done');
    await vi.advanceTimersByTimeAsync(PROCESSING_CHECK_MS * 3);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  it('shows the failure the look-up finds, and keeps waiting while the service cannot be reached', async () => {
    let reachable = false;
    const lookUp = (photoId: string) =>
      reachable ? Promise.resolve(uploadedPhoto(photoId, 'failed')) : Promise.reject(new Error('offline'));
    const manager = new UploadManager();
    manager.configure('https://upload.example', lookUp);
    await uploadOne(manager, 'c.jpg');

    await vi.advanceTimersByTimeAsync(PROCESSING_CHECK_MS);
    expect(manager.getSnapshot()[0]?.status).toBe('processing');
    reachable = true;
    await vi.advanceTimersByTimeAsync(PROCESSING_CHECK_MS);
    expect(manager.getSnapshot()[0]).toMatchObject({ status: 'failed', failure: 'other' });
  });
});
