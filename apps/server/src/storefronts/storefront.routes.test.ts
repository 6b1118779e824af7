import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfigSchema } from '@photo/contracts/app-config';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('storefront configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' });
  });
  afterAll(() => t.close());

  it('answers each storefront host with its own channel, locale, issuer and base URLs', async () => {
    const nl = await t.app.inject({ url: '/config.json', headers: { host: 'nl.localhost:8080' } });
    const de = await t.app.inject({ url: '/config.json', headers: { host: 'de.localhost:8080' } });
    const nlConfig = AppConfigSchema.parse(nl.json());
    const deConfig = AppConfigSchema.parse(de.json());
    expect(nlConfig.channel).toMatchObject({ ID: 'NL', Locale: 'nl-NL' });
    expect(deConfig.channel).toMatchObject({ ID: 'DE', Locale: 'de-AT' });
    expect(nlConfig.auth.authority).toBe('http://nl.localhost:8080/oidc');
    expect(deConfig.auth.authority).toBe('http://de.localhost:8080/oidc');
    expect(nlConfig.apiBaseUrls.photos).toBe('http://nl.localhost:8080/api/photos');
    expect(deConfig.apiBaseUrls.tempSelections).toBe('http://de.localhost:8080/api/temp-selections');
  });

  it('tells whether prints can be ordered, with the product the editor opens', async () => {
    const response = await t.app.inject({ url: '/config.json', headers: { host: 'uk.localhost:8080' } });
    expect(AppConfigSchema.parse(response.json())).toMatchObject({
      printsOrdering: { enabled: true, productCode: 'PAP_910' },
      nativeAppUrl: null,
    });
    const switchedOff = await createTestApp({
      PRINTS_ORDERING: 'false',
      NATIVE_APP_URL: 'photoshop://albums',
    });
    try {
      const off = await switchedOff.app.inject({
        url: '/config.json',
        headers: { host: 'uk.localhost:8080' },
      });
      expect(AppConfigSchema.parse(off.json())).toMatchObject({
        printsOrdering: { enabled: false, productCode: 'PAP_910' },
        nativeAppUrl: 'photoshop://albums',
      });
    } finally {
      await switchedOff.close();
    }
  });

  it('offers Belgium in Dutch and French, following the browser preference', async () => {
    const dutch = await t.app.inject({ url: '/config.json', headers: { host: 'be.localhost:8080' } });
    const french = await t.app.inject({
      url: '/config.json',
      headers: { host: 'be.localhost:8080', 'accept-language': 'fr-BE,fr;q=0.9,en;q=0.5' },
    });
    expect(dutch.json()).toMatchObject({ channel: { Locale: 'nl-BE' }, locales: ['nl-BE', 'fr-BE'] });
    expect(french.json()).toMatchObject({ channel: { Locale: 'fr-BE' } });
  });

  it('serves plain localhost with the default storefront', async () => {
    const response = await t.app.inject({ url: '/config.json', headers: { host: 'localhost:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ channel: { ID: 'UK', Locale: 'en-GB' } });
  });

  it('answers an unknown host with a clear 404 page', async () => {
    const response = await t.app.inject({ url: '/config.json', headers: { host: 'xx.localhost:8080' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Shop not found');
  });

  it('echoes the caller correlation id, or makes one', async () => {
    const given = await t.app.inject({
      url: '/config.json',
      headers: { host: 'nl.localhost:8080', 'x-correlation-id': 'trace-123' },
    });
    const made = await t.app.inject({ url: '/config.json', headers: { host: 'nl.localhost:8080' } });
    expect(given.headers['x-correlation-id']).toBe('trace-123');
    expect(made.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves messages only for the locales the storefronts use', async () => {
    const known = await t.app.inject({ url: '/locales/en-GB.json', headers: { host: 'uk.localhost:8080' } });
    const unknown = await t.app.inject({
      url: '/locales/xx-XX.json',
      headers: { host: 'uk.localhost:8080' },
    });
    expect(known.statusCode).toBe(200);
    expect(typeof known.json()).toBe('object');
    expect(unknown.statusCode).toBe(404);
  });

  it('serves a locale with the terms of the storefront whose host asks (decision 135)', async () => {
    const messages = async (host: string) =>
      (await t.app.inject({ url: '/locales/de-AT.json', headers: { host } })).json<Record<string, string>>();
    expect(await messages('at.localhost:8080')).toMatchObject({
      'details.vatId': 'UID-Nummer',
      'details.chamberOfCommerceNumber': 'Firmenbuchnummer',
    });
    expect(await messages('de.localhost:8080')).toMatchObject({
      'details.vatId': 'USt-IdNr.',
      'details.chamberOfCommerceNumber': 'Handelsregisternummer',
    });
  });

  it('compresses answers for clients that accept it', async () => {
    const response = await t.app.inject({
      url: '/config.json',
      headers: { host: 'nl.localhost:8080', 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toMatchObject({
      channel: { ID: 'NL' },
    });
  });

  it('sends a content security policy that allows no inline script', async () => {
    const response = await t.app.inject({ url: '/config.json', headers: { host: 'nl.localhost:8080' } });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
  });
});
