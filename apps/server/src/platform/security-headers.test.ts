import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('come with every kind of answer: JSON, a refused call, a missing address, a server-rendered page', async () => {
    for (const url of ['/config.json', '/api/customers/customers/me', '/no-such-address.js', '/auth/login']) {
      const { headers } = await t.app.inject({ url, headers: { host: 'nl.localhost:8080' } });
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      // Left out on purpose: it would block cross-origin scripts such as the support chat widget.
      expect(headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
