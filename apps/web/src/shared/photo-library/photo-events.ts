import { PhotoEventSchema, type PhotoEvent } from '@photo/contracts/photos';
import type { PushChannel } from '../push/push-channel';

export type PhotoEventHandler = (event: PhotoEvent) => void;

/**
 * Photo events from the customer's push channel; of several events of one type (and photo) only the
 * latest by timestamp counts (docs/product/states.md). Other messages on the channel (archives) are not for this one.
 */
export function subscribePhotoEvents(push: PushChannel, onEvent: PhotoEventHandler): () => void {
  const latest = new Map<string, number>();
  return push.subscribe({
    onMessage(message) {
      const parsed = PhotoEventSchema.safeParse(message);
      if (!parsed.success) return;
      const event = parsed.data;
      const photoId = event.data.payload.photoId;
      const key = `${event.type}:${typeof photoId === 'string' ? photoId : ''}`;
      if ((latest.get(key) ?? 0) > event.data.timestamp) return;
      latest.set(key, event.data.timestamp);
      onEvent(event);
    },
  });
}
