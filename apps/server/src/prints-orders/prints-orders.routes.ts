import { printsOrdersApi } from '@photo/contracts/prints-orders';
import type { ApiRouter } from '../platform/api-router';
import { storefrontContextOf } from '../storefronts/storefronts';
import type { PrintsOrdersService } from './prints-orders.service';

export function registerPrintsOrderRoutes(api: ApiRouter, printsOrders: PrintsOrdersService): void {
  api.handle(printsOrdersApi.createCheckout, ({ caller, body, request }) =>
    printsOrders.createCheckout(caller, storefrontContextOf(request), body),
  );
}
