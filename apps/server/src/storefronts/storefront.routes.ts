import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customersApi } from '@photo/contracts/customers';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { notFound } from '../platform/errors';
import {
  buildClientConfig,
  buildMenuConfig,
  type StorefrontConfigOptions,
} from './storefront-config.service';
import type { LocaleCatalogues } from './locale-catalogues';
import { pickLocale } from './storefronts';

export interface StorefrontRoutesDeps extends StorefrontConfigOptions {
  catalogues: LocaleCatalogues;
}

/**
 * What every page of the web app fetches first, in order: the storefront's config, the messages of the
 * locale that config names (the same choice as `/config.json` makes), and who is signed in (the
 * address the config's customers API gives it). Named in the page, the browser fetches them while it
 * loads the app's code, instead of one after the other after it (decision 161).
 */
export function firstFetchesOf(request: FastifyRequest): string[] {
  const locale = pickLocale(request.storefront.storefront, request.headers['accept-language']);
  return [
    '/config.json',
    `/locales/${encodeURIComponent(locale)}.json`,
    `${serviceBasePath(customersApi.me.service)}${customersApi.me.path}`,
  ];
}

export function registerStorefrontRoutes(app: FastifyInstance, deps: StorefrontRoutesDeps): void {
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
    const catalogue = deps.catalogues(locale, request.storefront.storefront.id);
    if (!catalogue) throw notFound(`No messages for locale ${locale}`);
    void reply.header('cache-control', 'no-cache');
    return catalogue;
  });
}
