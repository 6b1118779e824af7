import { PHOTO_EVENTS_PATH, PhotoEventSchema, type PhotoEvent } from '@photo/contracts/photos';

export type PhotoEventHandler = (event: PhotoEvent) => void;

const RECONNECT_MS = 5_000;

/**
 * The browser's push channel for photo events. The session cookie authenticates the socket, the
 * server answers 'OK' (ignored, spec 4), then sends events; of several events of one type only the
 * latest by timestamp counts. A dropped connection is reopened until the page closes it.
 */
export function connectPhotoEvents(photosBaseUrl: string, onEvent: PhotoEventHandler): () => void {
  const url = `${photosBaseUrl.replace(/^http/, 'ws')}${PHOTO_EVENTS_PATH}`;
  const latest = new Map<string, number>();
  let socket: WebSocket | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    socket = new WebSocket(url);
    socket.addEventListener('message', (message: MessageEvent<string>) => {
      if (message.data === 'OK') return;
      let parsed: PhotoEvent;
      try {
        parsed = PhotoEventSchema.parse(JSON.parse(message.data));
      } catch {
        return;
      }
      const photoId = parsed.data.payload.photoId;
      const key = `${parsed.type}:${typeof photoId === 'string' ? photoId : ''}`;
      if ((latest.get(key) ?? 0) > parsed.data.timestamp) return;
      latest.set(key, parsed.data.timestamp);
      onEvent(parsed);
    });
    socket.addEventListener('close', () => {
      if (!closed) retry = setTimeout(open, RECONNECT_MS);
    });
  };
  open();

  return () => {
    closed = true;
    clearTimeout(retry);
    socket?.close();
  };
}
