import { startTransition, useEffect, useState } from 'react';
import type { TimelineStore } from './timeline-store';

/**
 * Re-renders when the store changes; the store itself is read directly (it is the snapshot's owner).
 *
 * A change renders as a transition, not through `useSyncExternalStore`, whose renders cannot be split:
 * the index, each section and each selection re-rendered the whole grid in one task, and on the photos
 * page's start those tasks were most of its total blocking time (issue 23). A transition renders in
 * slices the browser can answer input between, and its effects (the thumbnails a section asks for) run
 * in a task of their own. What a render reads is the store's current state, so a slower render never
 * shows older photos than a faster one would.
 */
export function useTimelineStore(store: TimelineStore): number {
  const [seen, setSeen] = useState(() => ({ store, version: store.getVersion() }));

  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setSeen((previous) =>
          previous.store === store && previous.version === store.getVersion()
            ? previous
            : { store, version: store.getVersion() },
        ),
      );
    const unsubscribe = store.subscribe(update);
    // A change between the render and this subscription would otherwise go unseen.
    update();
    return unsubscribe;
  }, [store]);

  return seen.store === store ? seen.version : store.getVersion();
}
