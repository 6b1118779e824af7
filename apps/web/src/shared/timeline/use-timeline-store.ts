import { useSyncExternalStore } from 'react';
import type { TimelineStore } from './timeline-store';

/** Re-renders when the store changes; the store itself is read directly (it is the snapshot's owner). */
export function useTimelineStore(store: TimelineStore): number {
  return useSyncExternalStore(store.subscribe, store.getVersion);
}
