import { startTransition, useEffect, useState } from 'react';
import { ThumbnailLoader } from './thumbnail-loading';

let shared: ThumbnailLoader | null | undefined;

/** One loader for the page, started at the first thumbnail; none where there are no workers. */
function loader(): ThumbnailLoader | null {
  if (shared === undefined) {
    if (typeof Worker === 'undefined') return (shared = null);
    const worker = new Worker(new URL('./thumbnails.worker.ts', import.meta.url), { type: 'module' });
    const started = new ThumbnailLoader(worker);
    // A worker that cannot start (a policy, an old browser): tiles fall back to the plain URLs.
    worker.addEventListener('error', () => {
      shared = null;
      started.giveUp();
    });
    shared = started;
  }
  return shared;
}

/**
 * Starts the thumbnail worker ahead of the first thumbnail: a grid calls it when it mounts, so the
 * worker's script loads while the months are asked for, not one round trip after they came.
 */
export function startThumbnails(): void {
  loader();
}

/**
 * What a tile's `<img>` shows for a thumbnail URL: an object URL from the thumbnail worker
 * (`thumbnail-loading.ts` says why), undefined while it is on its way, and the URL itself where there
 * is no worker or the worker could not load it (the browser then tries, and shows what it gets).
 */
export function useThumbnail(url: string): string | undefined {
  const [arrived, setArrived] = useState<{ url: string; src: string } | null>(null);
  const thumbnails = loader();
  const src = !thumbnails ? url : arrived?.url === url ? arrived.src : thumbnails.loaded(url);

  useEffect(() => {
    if (!thumbnails || thumbnails.loaded(url) !== undefined) return;
    // Thumbnails come in batches while the page still starts: each batch renders in slices, between
    // which the browser answers input (issue 23, total blocking time).
    return thumbnails.request(url, (objectUrl) =>
      startTransition(() => setArrived({ url, src: objectUrl ?? url })),
    );
  }, [thumbnails, url]);

  return src;
}
