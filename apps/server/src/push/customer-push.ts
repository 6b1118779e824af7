import type { Database } from '../platform/database';

const CHANNEL = 'customer_push';

/** A message for a customer's browsers and token clients: a JSON object (photo event, archive event). */
export type PushMessage = object;
type Listener = (message: PushMessage) => void;

/**
 * The messages of one customer's push channel. Published through PostgreSQL NOTIFY (PGlite has it
 * too), so a message raised by a job in any process reaches the sockets held by any other. Each
 * module brings its own message shapes (photo events, archive events); they share one socket.
 */
export function createCustomerPushBus(db: Database) {
  const listeners = new Map<string, Set<Listener>>();
  let subscription: Promise<() => Promise<void>> | undefined;

  const ensureListening = () => {
    subscription ??= db.listen(CHANNEL, (raw) => {
      const { customerId, message } = JSON.parse(raw) as { customerId: string; message: PushMessage };
      for (const listener of listeners.get(customerId) ?? []) listener(message);
    });
    return subscription;
  };

  return {
    async publish(customerId: string, message: PushMessage): Promise<void> {
      await db.notify(CHANNEL, JSON.stringify({ customerId, message }));
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

export type CustomerPushBus = ReturnType<typeof createCustomerPushBus>;
