import { shopNewsletterApi } from '@photo/contracts/shop-newsletter';
import { listHeadersOf } from '../mail/list-headers';
import type { NewsletterService } from '../newsletter/newsletter.service';
import type { ShopApiRouter } from './shop-api.router';

/** The marketing tool asks for a subscriber's unsubscribe address before it mails them the newsletter. */
export function registerShopNewsletterRoutes(
  shop: ShopApiRouter,
  deps: { newsletter: NewsletterService },
): void {
  shop.handle(shopNewsletterApi.getSubscriber, async ({ params }) => {
    const address = await deps.newsletter.unsubscribeAddress(params.accountId);
    // The same headers this product's own newsletter mails carry (mail/list-headers.ts).
    const headers = listHeadersOf({ url: address.unsubscribeUrl, oneClick: true });
    return {
      accountId: address.customerId,
      storefront: address.storefrontId,
      status: address.status,
      unsubscribeUrl: address.unsubscribeUrl,
      listHeaders: {
        'List-Unsubscribe': headers['List-Unsubscribe']!,
        'List-Unsubscribe-Post': headers['List-Unsubscribe-Post']!,
      },
    };
  });
}
