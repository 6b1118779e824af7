import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the clock end-to-end tests move (/dev/clock)', () => {
  let moved: TestApp;
  let plain: TestApp;
  const call = (t: TestApp, method: 'GET' | 'PUT', body?: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method,
      url: '/dev/clock',
      remoteAddress,
      headers: { host: 'nl.localhost:8080' },
      payload: body as object,
    });

  beforeAll(async () => {
    [moved, plain] = await Promise.all([createTestApp({ TEST_CLOCK: 'true' }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([moved.close(), plain.close()]);
  });

  it('moves the time of the rules forward by whole days, and back to now', async () => {
    const before = Date.now();
    const forward = await call(moved, 'PUT', { offsetDays: 15 });
    expect(forward.statusCode).toBe(200);
    const movedNow = Date.parse(forward.json<{ now: string }>().now);
    expect(movedNow - before).toBeGreaterThanOrEqual(15 * DAY_MS);
    expect(movedNow - before).toBeLessThan(15 * DAY_MS + 60_000);

    const back = await call(moved, 'PUT', { offsetDays: 0 });
    expect(back.json<{ offsetDays: number }>().offsetDays).toBe(0);
    expect(Math.abs(Date.parse(back.json<{ now: string }>().now) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses to go back in time or to take anything but days', async () => {
    expect((await call(moved, 'PUT', { offsetDays: -1 })).statusCode).toBe(400);
    expect((await call(moved, 'PUT', { offsetDays: '3' })).statusCode).toBe(400);
  });

  it('answers only this machine', async () => {
    expect((await call(moved, 'PUT', { offsetDays: 3 }, '203.0.113.9')).statusCode).toBe(404);
    expect((await call(moved, 'GET')).json<{ offsetDays: number }>().offsetDays).toBe(0);
  });

  it('does not exist without TEST_CLOCK', async () => {
    expect((await call(plain, 'PUT', { offsetDays: 3 })).statusCode).toBe(404);
  });
});
