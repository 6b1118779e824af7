/**
 * Thumbnails of the grid, fetched in a worker and shown through object URLs.
 *
 * An `<img>` pointed at a photo's own URL leaves the renderer holding on to an image resource per URL for
 * the page's lifetime: after tens of thousands of distinct thumbnails (a 60,000-photo month scrolled
 * through) every garbage collection has that much more to walk, the main thread's cost per scrolled
 * screen doubled and collections reached 100-230 ms (bench/README.md, 'thumbnails through a worker').
 * Here a worker fetches each thumbnail (the HTTP cache still applies), hands back an object URL, and the
 * main thread keeps only the most recently used few hundred of them, revoking the rest.
 */

/**
 * What the main thread asks of the worker: the thumbnails a render's tiles asked for go in one message
 * (a message per tile was a third of the photos page's render tasks under Lighthouse, issue 23).
 */
export type ThumbnailRequest = { load: string[] } | { cancel: string } | { revoke: string };

/** The worker's answer, a batch per frame: each URL with its object URL, or null if it could not load. */
export type ThumbnailResults = Array<[url: string, objectUrl: string | null]>;

interface Port<Incoming, Outgoing> {
  postMessage(message: Outgoing): void;
  onmessage: ((event: MessageEvent<Incoming>) => void) | null;
}

/** The worker's half: fetches, answers in batches (one message, one render, per frame), revokes. */
export function serveThumbnails(port: Port<ThumbnailRequest, ThumbnailResults>, batchMs = 16): void {
  const inFlight = new Map<string, AbortController>();
  let batch: ThumbnailResults = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const answer = (url: string, objectUrl: string | null) => {
    batch.push([url, objectUrl]);
    timer ??= setTimeout(() => {
      timer = undefined;
      const ready = batch;
      batch = [];
      port.postMessage(ready);
    }, batchMs);
  };

  const load = async (url: string) => {
    const controller = new AbortController();
    inFlight.set(url, controller);
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) throw new Error(`thumbnail answered ${response.status}`);
      const blob = await response.blob();
      if (!controller.signal.aborted) answer(url, URL.createObjectURL(blob));
    } catch {
      if (!controller.signal.aborted) answer(url, null);
    } finally {
      if (inFlight.get(url) === controller) inFlight.delete(url);
    }
  };

  port.onmessage = ({ data }) => {
    if ('load' in data) for (const url of data.load) void load(url);
    else if ('cancel' in data) inFlight.get(data.cancel)?.abort();
    else URL.revokeObjectURL(data.revoke);
  };
}

type Listener = (objectUrl: string | null) => void;

/** The main thread's half: one request per URL however many tiles want it, a bounded set kept. */
export class ThumbnailLoader {
  /** URL → object URL, least recently used first. */
  private ready = new Map<string, string>();
  private waiting = new Map<string, Set<Listener>>();
  /** Asked for by the code running now, sent together once it is done. */
  private toLoad = new Set<string>();

  constructor(
    private readonly port: Port<ThumbnailResults, ThumbnailRequest>,
    private readonly capacity = 600,
  ) {
    port.onmessage = ({ data }) => this.receive(data);
  }

  /** The object URL of a thumbnail already here (and now the most recently used one). */
  loaded(url: string): string | undefined {
    const objectUrl = this.ready.get(url);
    if (objectUrl !== undefined) {
      this.ready.delete(url);
      this.ready.set(url, objectUrl);
    }
    return objectUrl;
  }

  /** Asks for a thumbnail; the returned function says the asker no longer wants it. */
  request(url: string, listener: Listener): () => void {
    let listeners = this.waiting.get(url);
    if (!listeners) {
      listeners = new Set();
      this.waiting.set(url, listeners);
      this.askSoon(url);
    }
    listeners.add(listener);
    const asked = listeners;
    return () => {
      asked.delete(listener);
      // Scrolled past before it came: the worker stops fetching it.
      if (asked.size === 0 && this.waiting.get(url) === asked) {
        this.waiting.delete(url);
        if (!this.toLoad.delete(url)) this.port.postMessage({ cancel: url });
      }
    };
  }

  private askSoon(url: string) {
    if (this.toLoad.size === 0) {
      queueMicrotask(() => {
        const load = [...this.toLoad];
        this.toLoad.clear();
        if (load.length > 0) this.port.postMessage({ load });
      });
    }
    this.toLoad.add(url);
  }

  /** Answers everything still waiting with null (the worker is gone). */
  giveUp() {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    this.toLoad.clear();
    for (const listeners of waiting) for (const listener of listeners) listener(null);
  }

  private receive(results: ThumbnailResults) {
    for (const [url, objectUrl] of results) {
      const listeners = this.waiting.get(url);
      this.waiting.delete(url);
      if (objectUrl !== null) {
        if (!listeners) {
          this.port.postMessage({ revoke: objectUrl });
          continue;
        }
        this.ready.set(url, objectUrl);
      }
      for (const listener of listeners ?? []) listener(objectUrl);
    }
    // Tiles that still show an evicted one keep their pixels: an image that has loaded does not need
    // its URL any more.
    for (const [url, objectUrl] of this.ready) {
      if (this.ready.size <= this.capacity) break;
      this.ready.delete(url);
      this.port.postMessage({ revoke: objectUrl });
    }
  }
}
