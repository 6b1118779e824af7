import { shopSharedAlbumsApi } from '@photo/contracts/shop-shared-albums';
import { shopPath } from '../shop-api/shop-api.router';
import type { TestApp } from './test-app';

/** The shop token of test apps that share albums: pass `{ SHOP_API_TOKEN: SHARING_SHOP_TOKEN }` to createTestApp. */
export const SHARING_SHOP_TOKEN = 'shop-token-for-sharing-tests-0123456789';

/** Shares an album the only way left (decision 150): the shop's operators, through the shop-side API. */
export const shareAlbumAsShop = (t: TestApp, albumId: string, email: string, storefront = 'nl') =>
  t.app.inject({
    method: 'POST',
    url: shopPath(shopSharedAlbumsApi.shareAlbum, { albumId }),
    headers: { host: '127.0.0.1', authorization: `Bearer ${SHARING_SHOP_TOKEN}` },
    payload: { email, storefront },
  });
