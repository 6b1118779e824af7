import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_LIFETIME_CLOSE_CODE, PUSH_RESTART_CLOSE_CODE } from '@photo/contracts/photos';
import { createPushChannel } from './push-channel';

/** The browser's WebSocket, driven by the test: what the server would send, and when it closes. */
class FakeSocket extends EventTarget {
  static opened: FakeSocket[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.opened.push(this);
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  serverCloses(code: number) {
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
  close() {
    this.closed = true;
    this.dispatchEvent(new CloseEvent('close', { code: 1000 }));
  }
}

const url = 'ws://nl.localhost:8080/api/photos/events';

describe('the push channel', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shares one connection, leaves out OK, and tells late listeners it is ready', () => {
    const channel = createPushChannel(url);
    const first = { onMessage: vi.fn(), onReady: vi.fn() };
    const second = { onMessage: vi.fn(), onReady: vi.fn() };
    channel.subscribe(first);
    channel.subscribe(second);
    expect(FakeSocket.opened).toHaveLength(1);
    FakeSocket.opened[0]!.receive('OK');
    FakeSocket.opened[0]!.receive('{"key":"archive-generation-finished"}');
    FakeSocket.opened[0]!.receive('not json');
    expect(first.onMessage.mock.calls).toEqual([[{ key: 'archive-generation-finished' }]]);
    expect(second.onReady).toHaveBeenCalledTimes(1);

    const late = { onMessage: vi.fn(), onReady: vi.fn() };
    channel.subscribe(late);
    expect(late.onReady).toHaveBeenCalledTimes(1);
  });

  it('opens a new connection at once when the server ends one after its 30 minutes, later after a drop', () => {
    const channel = createPushChannel(url);
    channel.subscribe({ onMessage: vi.fn() });
    FakeSocket.opened[0]!.serverCloses(PUSH_LIFETIME_CLOSE_CODE);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.opened).toHaveLength(2);
    FakeSocket.opened[1]!.serverCloses(1006);
    vi.advanceTimersByTime(4_000);
    expect(FakeSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.opened).toHaveLength(3);
  });

  it('opens a new connection at once when a stopping server replica tells it to reconnect', () => {
    const channel = createPushChannel(url);
    channel.subscribe({ onMessage: vi.fn() });
    FakeSocket.opened[0]!.serverCloses(PUSH_RESTART_CLOSE_CODE);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it('closes once nobody listens, but keeps it across a quick change of page', () => {
    const channel = createPushChannel(url);
    const stop = channel.subscribe({ onMessage: vi.fn() });
    stop();
    vi.advanceTimersByTime(500);
    const again = channel.subscribe({ onMessage: vi.fn() });
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(FakeSocket.opened[0]!.closed).toBe(false);
    again();
    vi.advanceTimersByTime(2_000);
    expect(FakeSocket.opened[0]!.closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });
});
