import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadsApi, type Download } from '@photo/contracts/downloads';
import type { Endpoint } from '@photo/contracts/endpoint';
import { ApiError } from '../api/api-error';
import type { Request } from '../api/request';
import { enTranslator, fakePushChannel } from '../../test/fixtures';
import { createToastStore } from '../ui/toasts';
import { createArchiveDownloads } from './archive-download';
import { ASYNC_TIMEOUT_MS } from '../../test/async-timeout';

const downloadId = '0b8c7a52-6c38-4a0e-9b55-5a2f3c6d1e90';
const userId = 'c-1';
const event = (key: string, id = downloadId) => ({
  id: crypto.randomUUID(),
  timestamp: Date.now(),
  key,
  message: { userId, downloadId: id },
});
const listed = (state: Download['state']): Download => ({
  id: downloadId,
  photoCount: 2,
  size: state === 'ready' ? 1234 : null,
  state,
  created: '2026-11-24T10:00:00.000Z',
  expires: '2026-12-01T10:00:00.000Z',
});

function setUp(answers: { create?: () => Promise<unknown>; list?: Download[] } = {}) {
  const calls: Array<{ endpoint: Endpoint; input: unknown }> = [];
  const request = vi.fn(async (endpoint: Endpoint, input: unknown) => {
    calls.push({ endpoint, input });
    if (endpoint === downloadsApi.create || endpoint === downloadsApi.createForSharedAlbum) {
      return answers.create ? answers.create() : { id: downloadId, photos: ['p1', 'p2'] };
    }
    if (endpoint === downloadsApi.url)
      return { url: `http://nl.localhost:8080/blob-links/${downloadId}.zip?x` };
    if (endpoint === downloadsApi.list) return { items: answers.list ?? [] };
    throw new Error('unexpected call');
  }) as unknown as Request;
  const push = fakePushChannel();
  const toasts = createToastStore();
  const downloadFrom = vi.fn();
  const archives = createArchiveDownloads({
    request,
    push,
    toasts,
    t: enTranslator.t,
    downloadFrom,
    newId: () => downloadId,
  });
  const shown = () => toasts.current().map((toast) => [toast.message, toast.durationMs]);
  return { archives, push, calls, downloadFrom, shown };
}

describe('archive downloads', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('asks with the client’s id, says it is preparing, and downloads the file by navigation when finished', async () => {
    const { archives, push, calls, downloadFrom, shown } = setUp();
    await archives.start({ kind: 'library', photoIds: ['p1', 'p2'] });
    expect(calls[0]).toEqual({
      endpoint: downloadsApi.create,
      input: { body: { id: downloadId, photos: ['p1', 'p2'] } },
    });
    expect(shown()).toEqual([['Preparing download…', 5_000]]);
    expect(push.listenerCount()).toBe(1);

    push.deliver('not an archive message');
    push.deliver(event('archive-generation-started'));
    push.deliver(event('archive-generation-finished', 'someone-elses-or-an-old-one'));
    expect(downloadFrom).not.toHaveBeenCalled();

    push.deliver(event('archive-generation-finished'));
    await vi.waitFor(
      () =>
        expect(downloadFrom).toHaveBeenCalledWith(`http://nl.localhost:8080/blob-links/${downloadId}.zip?x`),
      { timeout: ASYNC_TIMEOUT_MS },
    );
    expect(shown()).toContainEqual(['Downloading photos', 5_000]);
    expect(push.listenerCount()).toBe(0);
  });

  it('says the download failed, for 10 seconds, when the archive could not be made', async () => {
    const { archives, push, downloadFrom, shown } = setUp();
    await archives.start({ kind: 'library', photoIds: ['p1', 'p2'] });
    push.deliver(event('archive-generation-error'));
    expect(shown()).toContainEqual(['Download failed', 10_000]);
    expect(downloadFrom).not.toHaveBeenCalled();
    expect(push.listenerCount()).toBe(0);
  });

  it('catches up on a connection that was not there when the archive finished', async () => {
    const { archives, push, downloadFrom } = setUp({ list: [listed('ready')] });
    await archives.start({ kind: 'library', photoIds: ['p1', 'p2'] });
    push.connect();
    await vi.waitFor(() => expect(downloadFrom).toHaveBeenCalledTimes(1), { timeout: ASYNC_TIMEOUT_MS });
    push.deliver(event('archive-generation-finished'));
    await Promise.resolve();
    expect(downloadFrom).toHaveBeenCalledTimes(1);
  });

  it('retries a request that got no answer with the same id, and gives up on a refusal', async () => {
    let attempts = 0;
    const flaky = setUp({
      create: async () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError(0, 'network_error', 'c', 'no answer');
        return { id: downloadId, photos: ['p1', 'p2'] };
      },
    });
    await flaky.archives.start({ kind: 'library', photoIds: ['p1', 'p2'] });
    expect(flaky.calls.map((call) => call.input)).toEqual([
      { body: { id: downloadId, photos: ['p1', 'p2'] } },
      { body: { id: downloadId, photos: ['p1', 'p2'] } },
    ]);

    const refused = setUp({
      create: () => Promise.reject(new ApiError(400, 'bad_request', 'c', 'too many')),
    });
    await expect(refused.archives.start({ kind: 'library', photoIds: ['p1'] })).rejects.toThrow('too many');
    expect(refused.calls).toHaveLength(1);
    expect(refused.push.listenerCount()).toBe(0);
  });

  it('stops listening after 30 minutes without an answer', async () => {
    const { archives, push } = setUp();
    await archives.start({ kind: 'library', photoIds: ['p1', 'p2'] });
    vi.advanceTimersByTime(30 * 60_000);
    expect(push.listenerCount()).toBe(0);
  });

  it('asks for a shared album’s photos with their owners', async () => {
    const shared = setUp();
    await shared.archives.start({
      kind: 'shared-album',
      albumId: 'a-1',
      photos: [{ photoId: 'p1', ownerId: 'o-1' }],
    });
    expect(shared.calls[0]).toEqual({
      endpoint: downloadsApi.createForSharedAlbum,
      input: { body: { id: downloadId, albumId: 'a-1', photos: [{ photoId: 'p1', ownerId: 'o-1' }] } },
    });
  });
});
