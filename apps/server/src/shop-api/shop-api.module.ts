import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuthSecretsRepository } from '../auth/auth-secrets.repository';
import type { AppConfig } from '../config';
import type { CustomersRepository } from '../customers/customers.repository';
import type { NewsletterService } from '../newsletter/newsletter.service';
import type { OrderIntakeService } from '../orders/order-intake.service';
import type { FeatureModule } from '../platform/feature-module';
import type { OrderPdfsService } from '../products/order-pdfs.service';
import type { ProductsService } from '../products/products.service';
import type { ProjectsService } from '../projects/projects.service';
import type { PhotoBooksService } from '../photo-books/photo-books.service';
import type { SharedAlbumsService } from '../shared-albums/shared-albums.service';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { registerShopNewsletterRoutes } from './newsletter.shop-routes';
import { registerShopOrderRoutes } from './orders.shop-routes';
import { registerShopPdfRoutes } from './pdfs.shop-routes';
import { registerShopProjectRoutes } from './projects.shop-routes';
import { registerShopSharedAlbumRoutes } from './shared-albums.shop-routes';
import { createShopApiRouter } from './shop-api.router';
import { registerShopPhotoBookRoutes } from './photo-books.shop-routes';

/** Where the embedded default leaves its made token for `npm run shop`. */
export const shopTokenFile = (dataDir: string) => path.join(dataDir, 'shop-api-token');

/**
 * The configured tokens (two during a rotation); without one, a token made once and shared by every
 * replica through the database, written into the data folder (readable by its owner only) for the
 * operator's command.
 */
async function shopTokens(
  config: Pick<AppConfig, 'shopApiTokens' | 'dataDir'>,
  secrets: AuthSecretsRepository,
): Promise<string[]> {
  if (config.shopApiTokens.length > 0) return config.shopApiTokens;
  const token = await secrets.getOrCreate('shop-api.token', async () =>
    randomBytes(32).toString('base64url'),
  );
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(shopTokenFile(config.dataDir), `${token}\n`, { mode: 0o600 });
  return [token];
}

/** The services the shop's calls reach, for in-process callers (tests, demo seeding). */
export interface ShopApi {
  /** The shop's order writes, for parts of this product that place orders as the shop does. */
  orders: OrderIntakeService;
  /** The production's print files, the catalogue's product information and online photo books. */
  pdfs: OrderPdfsService;
  products: ProductsService;
  photoBooks: PhotoBooksService;
}

/** The shop-side API under /shop-api: one route file per kind of thing the shop reports. */
export async function createShopApiModule(
  deps: ShopApi & {
    config: Pick<AppConfig, 'shopApiTokens' | 'dataDir' | 'limits'>;
    secrets: AuthSecretsRepository;
    customers: CustomersRepository;
    projects: ProjectsService;
    newsletter: NewsletterService;
    sharedAlbums: SharedAlbumsService;
    storefronts: StorefrontResolver;
  },
) {
  const tokens = await shopTokens(deps.config, deps.secrets);
  const services: ShopApi = {
    orders: deps.orders,
    pdfs: deps.pdfs,
    products: deps.products,
    photoBooks: deps.photoBooks,
  };
  return {
    services,
    routes: ({ app }) => {
      const shop = createShopApiRouter(app, tokens, deps.config.limits.shopApiCallsPerMinute);
      registerShopOrderRoutes(shop, deps.orders);
      registerShopProjectRoutes(shop, { projects: deps.projects, customers: deps.customers });
      registerShopPdfRoutes(shop, { pdfs: deps.pdfs, products: deps.products });
      registerShopPhotoBookRoutes(shop, { photoBooks: deps.photoBooks });
      registerShopNewsletterRoutes(shop, { newsletter: deps.newsletter });
      registerShopSharedAlbumRoutes(shop, { sharedAlbums: deps.sharedAlbums, storefronts: deps.storefronts });
    },
  } satisfies FeatureModule;
}
