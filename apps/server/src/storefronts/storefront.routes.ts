import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LocaleMessages } from '@photo/contracts/app-config';
import { notFound } from '../platform/errors';
import {
  buildClientConfig,
  buildMenuConfig,
  type StorefrontConfigOptions,
} from './storefront-config.service';
import { pickLocale, supportedLocales } from './storefronts';

export interface StorefrontRoutesDeps extends StorefrontConfigOptions {
  localesDir: string;
}

export function registerStorefrontRoutes(app: FastifyInstance, deps: StorefrontRoutesDeps): void {
  const catalogues = new Map<string, Promise<LocaleMessages>>();

  // Every page load asks for it first: built once per storefront origin and locale, sent as stored text.
  const configs = new Map<string, string>();
  app.get('/config.json', async (request, reply) => {
    const resolved = request.storefront;
    const locale = pickLocale(resolved.storefront, request.headers['accept-language']);
    const key = `${resolved.origin}|${locale}`;
    let body = configs.get(key);
    if (!body) {
      body = JSON.stringify(buildClientConfig(resolved, locale, deps));
      configs.set(key, body);
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  app.get<{ Params: { file: string } }>('/menu-config/:file', async (request, reply) => {
    const resolved = request.storefront;
    if (request.params.file !== `${resolved.storefront.channelId}.json`)
      throw notFound('No menu for this channel');
    void reply.header('cache-control', 'public, max-age=300');
    return buildMenuConfig(resolved);
  });

  app.get<{ Params: { file: string } }>('/locales/:file', async (request, reply) => {
    const locale = request.params.file.replace(/\.json$/, '');
    if (!supportedLocales.includes(locale)) throw notFound(`No messages for locale ${locale}`);
    let catalogue = catalogues.get(locale);
    if (!catalogue) {
      catalogue = loadCatalogue(deps.localesDir, locale);
      catalogues.set(locale, catalogue);
      catalogue.catch(() => catalogues.delete(locale));
    }
    void reply.header('cache-control', 'no-cache');
    return catalogue;
  });
}

/** A locale's messages: its language file, with the locale's own file (if any) on top. */
async function loadCatalogue(localesDir: string, locale: string): Promise<LocaleMessages> {
  const language = locale.split('-')[0]!;
  const base = JSON.parse(
    await readFile(path.join(localesDir, `${language}.json`), 'utf8'),
  ) as LocaleMessages;
  const specific = await readFile(path.join(localesDir, `${locale}.json`), 'utf8').then(
    (text) => JSON.parse(text) as LocaleMessages,
    () => ({}),
  );
  return { ...base, ...specific };
}
