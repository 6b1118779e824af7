import { randomUUID } from 'node:crypto';
import type { ArchiveEvent, ArchiveEventKey } from '@photo/contracts/downloads';
import type { CustomerPushBus } from '../push/customer-push';

/** Archive messages (docs/product/entities.md, states.md, calls.md) on the customer's push channel, beside the photo events. */
export function createArchiveEvents(push: CustomerPushBus) {
  return {
    async publish(customerId: string, downloadId: string, key: ArchiveEventKey): Promise<void> {
      const event: ArchiveEvent = {
        id: randomUUID(),
        timestamp: Date.now(),
        key,
        message: { userId: customerId, downloadId },
      };
      await push.publish(customerId, event);
    },
  };
}

export type ArchiveEvents = ReturnType<typeof createArchiveEvents>;
