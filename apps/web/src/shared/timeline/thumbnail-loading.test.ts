// @vitest-environment node
// Node has what the two halves need (MessageChannel, Blob, object URLs), so the real worker half runs
// on the other end of a real channel; only the network (fetch) is stood in for.
import { resolveObjectURL } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveThumbnails, ThumbnailLoader, type ThumbnailResults } from './thumbnail-loading';
import { ASYNC_TIMEOUT_MS } from '../../test/async-timeout';

const channels: MessageChannel[] = [];
let fetched: Array<{ url: string; signal: AbortSignal }>;
let answers: Map<string, () => Response>;

beforeEach(() => {
  fetched = [];
  answers = new Map();
  vi.stubGlobal('fetch', (url: string, init: { signal: AbortSignal }) => {
    fetched.push({ url, signal: init.signal });
    return new Promise<Response>((resolve, reject) => {
      init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      const answer = answers.get(url);
      if (answer) setTimeout(() => resolve(answer()), 5);
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

function connected(capacity?: number) {
  const channel = new MessageChannel();
  channels.push(channel);
  serveThumbnails(channel.port2, 1);
  return new ThumbnailLoader(channel.port1, capacity);
}

const image = (bytes: string) => () => new Response(new Blob([bytes], { type: 'image/webp' }));
const arrival = (loader: ThumbnailLoader, url: string) =>
  new Promise<string | null>((resolve) => loader.request(url, resolve));
const bytesOf = async (objectUrl: string) => resolveObjectURL(objectUrl)?.text();

describe('thumbnail loading', () => {
  it('hands a tile an object URL holding the bytes the server sent', async () => {
    answers.set('/t/1/300', image('photo one'));
    const loader = connected();
    const objectUrl = await arrival(loader, '/t/1/300');
    expect(objectUrl).toMatch(/^blob:/);
    expect(await bytesOf(objectUrl!)).toBe('photo one');
    expect(loader.loaded('/t/1/300')).toBe(objectUrl);
  });

  it('fetches a thumbnail once however many tiles ask for it', async () => {
    answers.set('/t/1/300', image('photo one'));
    const loader = connected();
    const [first, second] = await Promise.all([arrival(loader, '/t/1/300'), arrival(loader, '/t/1/300')]);
    expect(first).toBe(second);
    expect(fetched.map((request) => request.url)).toEqual(['/t/1/300']);
  });

  it('answers null when the server refuses, so the tile can fall back to the plain URL', async () => {
    answers.set('/t/2/300', () => new Response('not yours', { status: 404 }));
    expect(await arrival(connected(), '/t/2/300')).toBeNull();
  });

  it('stops fetching a thumbnail every tile has scrolled past, and keeps nothing of it', async () => {
    const loader = connected();
    const stop = loader.request('/t/3/300', () => {
      throw new Error('a tile that went away must not be called');
    });
    await vi.waitFor(() => expect(fetched).toHaveLength(1), { timeout: ASYNC_TIMEOUT_MS });
    stop();
    await vi.waitFor(() => expect(fetched[0]!.signal.aborted).toBe(true), { timeout: ASYNC_TIMEOUT_MS });
    expect(loader.loaded('/t/3/300')).toBeUndefined();
  });

  it('keeps only the most recently used thumbnails and revokes the others', async () => {
    for (const id of [1, 2, 3]) answers.set(`/t/${id}/300`, image(`photo ${id}`));
    const loader = connected(2);
    const one = await arrival(loader, '/t/1/300');
    const two = await arrival(loader, '/t/2/300');
    loader.loaded('/t/1/300'); // shown again: now the most recent
    const three = await arrival(loader, '/t/3/300');
    expect(loader.loaded('/t/2/300')).toBeUndefined();
    // The worker made it, so the worker revokes it, once the page's message reaches it.
    await vi.waitFor(() => expect(resolveObjectURL(two!)).toBeUndefined(), { timeout: ASYNC_TIMEOUT_MS });
    expect(await bytesOf(one!)).toBe('photo 1');
    expect(await bytesOf(three!)).toBe('photo 3');
  });

  it('asks the worker once for every thumbnail the tiles of one render want, less the ones gone again', async () => {
    for (const id of [5, 6, 7]) answers.set(`/t/${id}/300`, image(`photo ${id}`));
    const posted: unknown[] = [];
    const channel = new MessageChannel();
    channels.push(channel);
    serveThumbnails(channel.port2, 1);
    const port = channel.port1;
    const loader = new ThumbnailLoader({
      postMessage: (message) => {
        posted.push(message);
        port.postMessage(message);
      },
      set onmessage(listener: ((event: MessageEvent<ThumbnailResults>) => void) | null) {
        port.onmessage = listener;
      },
      get onmessage() {
        return port.onmessage;
      },
    });
    const five = arrival(loader, '/t/5/300');
    const gone = loader.request('/t/6/300', () => {
      throw new Error('a tile that went away must not be called');
    });
    const seven = arrival(loader, '/t/7/300');
    gone();
    expect(await bytesOf((await five)!)).toBe('photo 5');
    expect(await bytesOf((await seven)!)).toBe('photo 7');
    expect(posted).toEqual([{ load: ['/t/5/300', '/t/7/300'] }]);
    expect(fetched.map((request) => request.url)).toEqual(['/t/5/300', '/t/7/300']);
  });

  it('answers everything still waiting with null when the worker is gone', async () => {
    const loader = connected();
    const waiting = arrival(loader, '/t/4/300');
    loader.giveUp();
    expect(await waiting).toBeNull();
  });
});
