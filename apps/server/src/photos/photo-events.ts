import { randomUUID } from 'node:crypto';
import type { PhotoEvent } from '@photo/contracts/photos';
import type { Database } from '../platform/database';

const CHANNEL = 'photo_events';

type Listener = (event: PhotoEvent) => void;

/**
 * Photo events for one customer's browsers. Published through PostgreSQL NOTIFY (PGlite has it too),
 * so an event raised by a job in any process reaches the sockets held by any other.
 */
export function createPhotoEventBus(db: Database) {
  const listeners = new Map<string, Set<Listener>>();
  let subscription: Promise<() => Promise<void>> | undefined;

  const ensureListening = () => {
    subscription ??= db.listen(CHANNEL, (raw) => {
      const { customerId, event } = JSON.parse(raw) as { customerId: string; event: PhotoEvent };
      for (const listener of listeners.get(customerId) ?? []) listener(event);
    });
    return subscription;
  };

  return {
    async publish(
      customerId: string,
      type: PhotoEvent['type'],
      payload: Record<string, unknown>,
    ): Promise<void> {
      const event: PhotoEvent = { id: randomUUID(), type, data: { payload, timestamp: Date.now() } };
      await db.notify(CHANNEL, JSON.stringify({ customerId, event }));
    },

    async subscribe(customerId: string, listener: Listener): Promise<() => void> {
      await ensureListening();
      const set = listeners.get(customerId) ?? new Set();
      set.add(listener);
      listeners.set(customerId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(customerId);
      };
    },

    async close(): Promise<void> {
      listeners.clear();
      if (subscription) await (await subscription)();
    },
  };
}

export type PhotoEventBus = ReturnType<typeof createPhotoEventBus>;
