import { ordersApi } from '@photo/contracts/orders';
import type { ApiRouter } from '../platform/api-router';
import type { OrdersService } from './orders.service';

/** Spec 7 'Orders'. */
export function registerOrderRoutes(api: ApiRouter, orders: OrdersService): void {
  api.handle(ordersApi.myOrders, ({ caller, query }) =>
    orders.list(caller, {
      offset: query.Offset,
      limit: query.Limit,
      notExpired: query.OrderState === 'notExpired',
    }),
  );
  api.handle(ordersApi.superOrder, ({ caller, params }) => orders.details(caller, params.orderCode));
  api.handle(ordersApi.changeDeliveryAddress, ({ caller, params, body }) =>
    orders.changeDeliveryAddress(caller, params.orderCode, body),
  );
  api.handle(ordersApi.accountOrders, ({ caller, params, query }) =>
    orders.accountOrders(caller, params.accountId, {
      articleNames: (query.articleNames ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
      offset: query.offset,
      limit: query.limit,
    }),
  );
  api.handle(ordersApi.order, ({ caller, params }) => orders.order(caller, params.id));
  api.handle(ordersApi.deliveryDates, ({ caller, params }) => orders.deliveryDates(caller, params.id));
  api.handle(ordersApi.reorderStatus, ({ caller, params }) => orders.reorderStatus(caller, params.orderCode));
  api.handle(ordersApi.reorder, ({ caller, query }) => orders.reorder(caller, query.OrderCode));
  api.handle(ordersApi.articleGroups, async () => orders.articleGroups());
  api.handle(ordersApi.campaign, ({ caller, params }) => orders.campaign(caller, params.name));
  api.handle(ordersApi.voucherOffer, ({ caller, params }) =>
    orders.voucherOffer(caller, params.voucherOptionCode),
  );
}
