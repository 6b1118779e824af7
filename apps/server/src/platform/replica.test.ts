import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('replica identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REPLICA_ID: 'api-7' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the replica that answered, on storefront pages and health checks alike', async () => {
    for (const [url, host] of [
      ['/config.json', 'nl.localhost:8080'],
      ['/healthz', 'anything'],
      ['/no-such-page', 'unknown.example'],
    ] as const) {
      const response = await t.app.inject({ url, headers: { host } });
      expect(response.headers['x-replica']).toBe('api-7');
    }
  });
});
