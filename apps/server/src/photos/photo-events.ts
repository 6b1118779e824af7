import { randomUUID } from 'node:crypto';
import type { PhotoEvent } from '@photo/contracts/photos';
import type { CustomerPushBus } from '../push/customer-push';

/** Photo events (docs/product/states.md: import and processing) on the customer's push channel. */
export function createPhotoEventBus(push: CustomerPushBus) {
  return {
    async publish(
      customerId: string,
      type: PhotoEvent['type'],
      payload: Record<string, unknown>,
    ): Promise<void> {
      const event: PhotoEvent = { id: randomUUID(), type, data: { payload, timestamp: Date.now() } };
      await push.publish(customerId, event);
    },
  };
}

export type PhotoEventBus = ReturnType<typeof createPhotoEventBus>;
