import { shopSharedAlbumsApi } from '@photo/contracts/shop-shared-albums';
import { invalid } from '../platform/errors';
import type { SharedAlbumsService } from '../shared-albums/shared-albums.service';
import { storefronts, type StorefrontResolver } from '../storefronts/storefronts';
import type { ShopApiRouter } from './shop-api.router';

/** Operators share an album for a migration (decision 150); customers no longer can. */
export function registerShopSharedAlbumRoutes(
  shop: ShopApiRouter,
  deps: { sharedAlbums: SharedAlbumsService; storefronts: StorefrontResolver },
): void {
  shop.handle(shopSharedAlbumsApi.shareAlbum, ({ params, body }) => {
    if (!storefronts.some((candidate) => candidate.id === body.storefront)) {
      throw invalid('body.storefront', `body.storefront: unknown storefront ${body.storefront}`);
    }
    const storefront = deps.storefronts.byId(body.storefront);
    return deps.sharedAlbums.shareFromShop(params.albumId, body.email, {
      storefront,
      locale: storefront.storefront.locales[0]!,
    });
  });
}
