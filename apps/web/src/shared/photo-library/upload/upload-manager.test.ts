import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo, PhotoEvent } from '@photo/contracts/photos';
import { PROCESSING_CHECK_MS, UploadManager } from './upload-manager';
import { ASYNC_TIMEOUT_MS } from '../../../test/async-timeout';

/** Files named after a server error code are refused with it, as the server answers. */
const refusals: Record<string, { status: number; code: string }> = {
  'storage_quota_exceeded.jpg': { status: 413, code: 'storage_quota_exceeded' },
  'upload_rate_exceeded.jpg': { status: 429, code: 'upload_rate_exceeded' },
};

/** The metadata each upload was started with. */
const sentMetadata: Array<Record<string, string>> = [];

// The network side of an upload: every other file is received by the server and still being processed.
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      private readonly file: File,
      private readonly options: {
        metadata: Record<string, string>;
        onSuccess: (result: { lastResponse: { getBody(): string } }) => void;
        onError: (error: Error & { originalResponse: { getBody(): string; getStatus(): number } }) => void;
      },
    ) {
      sentMetadata.push(options.metadata);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    start() {
      const refusal = refusals[this.file.name];
      if (refusal) {
        const body = JSON.stringify({ error: { code: refusal.code, message: 'refused' } });
        const error = Object.assign(new Error('refused'), {
          originalResponse: { getBody: () => body, getStatus: () => refusal.status },
        });
        queueMicrotask(() => this.options.onError(error));
        return;
      }
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
  await vi.waitFor(() => expect(manager.getSnapshot().at(-1)?.status).toBe('processing'), {
    timeout: ASYNC_TIMEOUT_MS,
  });
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

describe('a file the server refuses', () => {
  it.each([
    ['storage_quota_exceeded.jpg', 'quota'],
    ['upload_rate_exceeded.jpg', 'rate'],
  ])('%s fails with its own reason (%s), not a generic one', async (name, failure) => {
    const manager = new UploadManager();
    manager.configure('https://upload.example', () => Promise.reject(new Error('not asked')));
    manager.add([new File(['jpeg bytes'], name, { type: 'image/jpeg' })]);
    manager.start();
    await vi.waitFor(() => expect(manager.getSnapshot()[0]).toMatchObject({ status: 'failed', failure }), {
      timeout: ASYNC_TIMEOUT_MS,
    });
  });
});

describe('uploading into an album', () => {
  it('names the album in the metadata of the files confirmed for it, and of no others', async () => {
    const manager = new UploadManager();
    manager.configure('https://upload.example', () => Promise.reject(new Error('not asked')));
    sentMetadata.length = 0;
    manager.add([new File(['a'], 'for-album.jpg', { type: 'image/jpeg' })]);
    manager.start({ albumId: 'album-7' });
    await vi.waitFor(() => expect(manager.getSnapshot().at(-1)?.status).toBe('processing'), {
      timeout: ASYNC_TIMEOUT_MS,
    });
    manager.add([new File(['b'], 'library-only.jpg', { type: 'image/jpeg' })]);
    manager.start();
    await vi.waitFor(() => expect(manager.getSnapshot().at(-1)?.status).toBe('processing'), {
      timeout: ASYNC_TIMEOUT_MS,
    });
    expect(sentMetadata.map((metadata) => [metadata.filename, metadata.albumId])).toEqual([
      ['for-album.jpg', 'album-7'],
      ['library-only.jpg', undefined],
    ]);
  });
});

describe('the upload client', () => {
  it('that could not load fails the file as a network failure, and loads for the next file', async () => {
    const client = import('tus-js-client');
    const loadClient = vi
      .fn<() => typeof client>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => client);
    const manager = new UploadManager(loadClient);
    manager.configure('https://upload.example', (photoId) =>
      Promise.resolve(uploadedPhoto(photoId, 'processing')),
    );

    manager.add([new File(['jpeg bytes'], 'offline.jpg', { type: 'image/jpeg' })]);
    manager.start();
    await vi.waitFor(() => expect(manager.getSnapshot()[0]?.status).toBe('failed'), {
      timeout: ASYNC_TIMEOUT_MS,
    });
    expect(manager.getSnapshot()[0]?.failure).toBe('network');

    await uploadOne(manager, 'online.jpg');
    expect(manager.getSnapshot()[1]).toMatchObject({ fileName: 'online.jpg', status: 'processing' });
    expect(manager.getSnapshot()[0]?.status).toBe('failed');
  });
});
