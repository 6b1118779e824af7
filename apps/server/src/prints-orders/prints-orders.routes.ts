import { printsOrdersApi } from '@photo/contracts/prints-orders';
import type { ApiRouter } from '../platform/api-router';
import { pickLocale } from '../storefronts/storefronts';
import type { PrintsOrdersService } from './prints-orders.service';

export function registerPrintsOrderRoutes(api: ApiRouter, printsOrders: PrintsOrdersService): void {
  api.handle(printsOrdersApi.createCheckout, ({ caller, body, request }) =>
    printsOrders.createCheckout(
      caller,
      {
        storefront: request.storefront,
        locale: pickLocale(request.storefront.storefront, request.headers['accept-language']),
      },
      body,
    ),
  );
}
