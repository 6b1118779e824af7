import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfigSchema } from '@photo/contracts/app-config';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@photo/contracts/page-preloads';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The web app's page as a build writes it: the entry script, then its stylesheet. */
const builtPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>My account</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** What a build lists beside the page: the shell's chunks, and each route's page chunk with its imports. */
const builtPreloads: PagePreloads = {
  shell: ['/assets/app-1.js', '/assets/router-1.js'],
  routes: [
    { path: '', files: ['/assets/overview.page-1.js', '/assets/money-1.js'] },
    { path: 'orders/:orderCode', files: ['/assets/order-details.page-1.js', '/assets/money-1.js'] },
    { path: 'orders/:orderCode/thank-you', files: ['/assets/order-placed.page-1.js'] },
    { path: 'settings/:section', files: ['/assets/any-setting.page-1.js'] },
    { path: 'settings/email', files: ['/assets/email.page-1.js'] },
  ],
};

/** A script the build wrote compressed as well (decision 165). */
const appScript = `export const app = ${JSON.stringify('tile '.repeat(500))};`;

describe("the web app's page", () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'photo-web-dist-'));
    await writeFile(path.join(webDist, 'index.html'), builtPage);
    await writeFile(path.join(webDist, PAGE_PRELOADS_FILE), JSON.stringify(builtPreloads));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
    await writeFile(path.join(webDist, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(webDist, 'assets', 'app-1.js'), appScript);
    await writeFile(path.join(webDist, 'assets', 'app-1.js.br'), brotliCompressSync(appScript));
    await writeFile(path.join(webDist, 'assets', 'app-1.js.gz'), gzipSync(appScript));
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, host: string, acceptLanguage?: string) =>
    t.app.inject({
      url,
      headers: { host, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    });

  it.each([
    ['nl.localhost:8080', undefined],
    ['be.localhost:8080', 'fr-BE,fr;q=0.9,nl;q=0.5'],
    ['be.localhost:8080', 'nl-BE'],
  ])(
    'on %s (%s) names the config, the messages and the session the page fetches first, after its script',
    async (host, acceptLanguage) => {
      const page = await get('/my-photos/photos', host, acceptLanguage);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');

      // The messages named are those of the locale the config gives this browser.
      const config = AppConfigSchema.parse((await get('/config.json', host, acceptLanguage)).json());
      const preloads = [...page.body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)];
      expect(preloads.map((match) => match[1])).toEqual([
        '/config.json',
        `/locales/${config.channel.Locale}.json`,
        `${new URL(config.apiBaseUrls.customers).pathname}/customers/me`,
      ]);
      // The entry script and its style sheet first: nothing shows before they have run.
      expect(page.body.indexOf('<link rel="preload"')).toBeGreaterThan(
        page.body.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">'),
      );
      expect(page.body.lastIndexOf('<link rel="preload"')).toBeLessThan(page.body.indexOf('</head>'));
      expect(page.body).toContain(
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      );
      expect((await get(`/locales/${config.channel.Locale}.json`, host, acceptLanguage)).statusCode).toBe(
        200,
      );
    },
  );

  const modulePreloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" href="([^"]+)" crossorigin>/g)].map((match) => match[1]);

  it.each([
    ['/', ['/assets/app-1.js', '/assets/router-1.js', '/assets/overview.page-1.js', '/assets/money-1.js']],
    [
      '/orders/PO-1',
      ['/assets/app-1.js', '/assets/router-1.js', '/assets/order-details.page-1.js', '/assets/money-1.js'],
    ],
    ['/orders/PO-1/thank-you', ['/assets/app-1.js', '/assets/router-1.js', '/assets/order-placed.page-1.js']],
    // A fixed segment wins over a parameter, as in the client's router.
    ['/settings/email', ['/assets/app-1.js', '/assets/router-1.js', '/assets/email.page-1.js']],
    ['/settings/other', ['/assets/app-1.js', '/assets/router-1.js', '/assets/any-setting.page-1.js']],
    // No route: the shell only, which sends the customer on.
    ['/no/such/page', ['/assets/app-1.js', '/assets/router-1.js']],
  ])('at %s names the code of the app and of that page, after the entry script', async (address, scripts) => {
    const page = await get(address, 'nl.localhost:8080');
    expect(modulePreloads(page.body)).toEqual(scripts);
    expect(page.body.indexOf('<link rel="modulepreload"')).toBeGreaterThan(page.body.indexOf('<script'));
    expect(page.body.lastIndexOf('<link rel="modulepreload"')).toBeLessThan(page.body.indexOf('</head>'));
  });

  it.each([
    ['br', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['gzip, deflate, br, zstd', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['identity', undefined, (body: Buffer) => body],
  ])('sends a script the build compressed as the browser accepts it (%s)', async (accepted, sent, decode) => {
    const script = await t.app.inject({
      url: '/assets/app-1.js',
      headers: { host: 'nl.localhost:8080', 'accept-encoding': accepted },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe(sent);
    expect(script.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(script.rawPayload).toString()).toBe(appScript);
  });

  it('leaves the assets and icons as they are, and a missing one is a 404, not the page', async () => {
    const script = await get('/assets/index-abc123.js', 'nl.localhost:8080');
    expect(script.body).toBe('export {};');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/icon.svg', 'nl.localhost:8080');
    expect(icon.statusCode).toBe(200);
    // Not hashed, so not for ever; but not fetched again on every page either.
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const missing = await get('/assets/index-gone.js', 'nl.localhost:8080');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('preload');
  });
});
