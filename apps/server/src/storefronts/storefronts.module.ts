import type { AppConfig } from '../config';
import type { FeatureModule } from '../platform/feature-module';
import { HEALTH_PATHS } from '../platform/http-server';
import { renderChannelNotFound } from './channel-not-found.page';
import { createLocaleCatalogues } from './locale-catalogues';
import type { ArticleCapabilities } from './storefront-config.service';
import { registerStorefrontRoutes } from './storefront.routes';
import { createStorefrontResolver, type ResolvedStorefront } from './storefronts';

declare module 'fastify' {
  interface FastifyRequest {
    storefront: ResolvedStorefront;
  }
}

/**
 * The 13 storefronts: every request is resolved to one by its Host header (an unknown host answers
 * the channel-not-found page), `/config.json`, the menu and the web app's locale files.
 */
export function createStorefrontsModule(deps: {
  config: AppConfig;
  /** The catalogue, which says whether the prints product can be ordered as prints. */
  merchandise: ArticleCapabilities;
  /** Whether this product's own prints-order page can take payments: a payment provider is set up. */
  paymentsAvailable: boolean;
}) {
  const { config } = deps;
  const resolver = createStorefrontResolver(config);
  const catalogues = createLocaleCatalogues(config.localesDir);
  return {
    resolver,
    catalogues,
    routes: ({ app }) => {
      app.decorateRequest('storefront', null as unknown as ResolvedStorefront);
      app.addHook('onRequest', async (request, reply) => {
        if (HEALTH_PATHS.has(request.url.split('?')[0]!)) return;
        const resolved = resolver.resolve(request.headers.host);
        if (!resolved) {
          request.log.warn({ host: request.headers.host }, 'channel not found');
          return reply.status(404).type('text/html; charset=utf-8').send(renderChannelNotFound(request.id));
        }
        request.storefront = resolved;
      });
      registerStorefrontRoutes(app, {
        catalogues,
        hostnames: resolver.hostnames,
        supportChatScriptUrl: config.supportChatScriptUrl,
        // The shop's own prints editor takes its own payments; this product's page needs a provider.
        printsOrdering:
          config.printsOrdering && (config.printsEditorUrl !== undefined || deps.paymentsAvailable),
        printsEditorUrl: config.printsEditorUrl,
        nativeAppUrl: config.nativeAppUrl,
        merchandise: deps.merchandise,
      });
    },
  } satisfies FeatureModule;
}
