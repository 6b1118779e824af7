import { PUSH_LIFETIME_CLOSE_CODE, PUSH_RESTART_CLOSE_CODE } from '@photo/contracts/photos';

export interface PushListener {
  /** Every message of the customer's channel, parsed from JSON; each listener picks its own shapes. */
  onMessage(message: unknown): void;
  /**
   * The channel is (again) connected and authenticated: whatever happened while it was not may have
   * been missed, so a listener that waits for something looks it up now.
   */
  onReady?(): void;
}

/** The customer's one push connection, shared by every part of the app that listens. */
export interface PushChannel {
  /** Connects while anyone listens; resolves to the function that stops listening. */
  subscribe(listener: PushListener): () => void;
}

const RECONNECT_MS = 5_000;
/** Leaving one page for another that listens too keeps the connection instead of reopening it. */
const IDLE_CLOSE_MS = 2_000;

/**
 * The browser's push WebSocket (docs/product/states.md, calls.md): the session cookie authenticates it, the server
 * answers 'OK' (not an event, docs/product/states.md), then sends photo events and archive events. A dropped
 * connection is reopened while someone listens; one the server ended after its 30 minutes at once.
 */
export function createPushChannel(url: string): PushChannel {
  const listeners = new Set<PushListener>();
  let socket: WebSocket | undefined;
  let ready = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    retry = undefined;
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'string') return;
      if (event.data === 'OK') {
        ready = true;
        for (const listener of [...listeners]) listener.onReady?.();
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener.onMessage(message);
    });
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      socket = undefined;
      ready = false;
      if (listeners.size === 0) return;
      const reopenAtOnce = event.code === PUSH_LIFETIME_CLOSE_CODE || event.code === PUSH_RESTART_CLOSE_CODE;
      retry = setTimeout(open, reopenAtOnce ? 0 : RECONNECT_MS);
    });
  };

  const close = () => {
    idle = undefined;
    clearTimeout(retry);
    retry = undefined;
    const current = socket;
    socket = undefined;
    ready = false;
    current?.close();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      clearTimeout(idle);
      idle = undefined;
      if (!socket && !retry) open();
      else if (ready) listener.onReady?.();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && !idle) idle = setTimeout(close, IDLE_CLOSE_MS);
      };
    },
  };
}
