import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBrowser } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('a shop served over TLS (PUBLIC_SCHEME=https)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_SCHEME: 'https' });
  });
  afterAll(() => t.close());

  it('tells browsers to use TLS only (HSTS), on pages and API answers alike', async () => {
    for (const url of ['/config.json', '/api/customers/customers/me', '/auth/login']) {
      const response = await t.app.inject({ url, headers: { host: 'nl.localhost:8080' } });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('names its sign-in cookies with the __Host- prefix: Secure, this host only, whole path', async () => {
    const browser = createTestBrowser(t);
    const login = await browser.get('/auth/login');
    const [flowCookie] = [login.headers['set-cookie']].flat().map(String);
    expect(flowCookie).toMatch(
      /^__Host-sign-in-flow-[0-9a-f]{16}=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/,
    );
  });
});

describe('a shop served over plain HTTP (local development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends no HSTS, which would lock every *.localhost name out of plain HTTP', async () => {
    const response = await t.app.inject({ url: '/config.json', headers: { host: 'nl.localhost:8080' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
