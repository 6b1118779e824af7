import { ordersApi } from '@photo/contracts/orders';
import type { ApiRouter } from '../platform/api-router';
import { storefrontContextOf } from '../storefronts/storefronts';
import type { OrderPaymentsService } from './order-payments.service';
import type { OrdersService } from './orders.service';
import type { ReorderService } from './reorder.service';

/** docs/product/calls.md 'Orders', with reorder and paying for an order (issue 20). */
export function registerOrderRoutes(
  api: ApiRouter,
  deps: { orders: OrdersService; reorder: ReorderService; orderPayments: OrderPaymentsService },
): void {
  const { orders, reorder, orderPayments } = deps;
  const localeOf = (request: Parameters<typeof storefrontContextOf>[0]) =>
    storefrontContextOf(request).locale;
  api.handle(ordersApi.myOrders, ({ caller, query, request }) =>
    orders.list(
      caller,
      { offset: query.Offset, limit: query.Limit, notExpired: query.OrderState === 'notExpired' },
      localeOf(request),
    ),
  );
  api.handle(ordersApi.superOrder, ({ caller, params, request }) =>
    orders.details(caller, params.orderCode, localeOf(request)),
  );
  api.handle(ordersApi.changeDeliveryAddress, ({ caller, params, body }) =>
    orders.changeDeliveryAddress(caller, params.orderCode, body),
  );
  api.handle(ordersApi.accountOrders, ({ caller, params, query, request }) =>
    orders.accountOrders(
      caller,
      params.accountId,
      {
        articleNames: (query.articleNames ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name.length > 0),
        offset: query.offset,
        limit: query.limit,
      },
      localeOf(request),
    ),
  );
  api.handle(ordersApi.order, ({ caller, params, request }) =>
    orders.order(caller, params.id, localeOf(request)),
  );
  api.handle(ordersApi.deliveryDates, ({ caller, params }) => orders.deliveryDates(caller, params.id));
  api.handle(ordersApi.reorderStatus, ({ caller, params }) => reorder.status(caller, params.orderCode));
  api.handle(ordersApi.reorderQuote, ({ caller, params, request }) =>
    reorder.quote(caller, params.orderCode, localeOf(request)),
  );
  api.handle(ordersApi.reorder, ({ caller, query, body, request }) =>
    reorder.reorder(caller, query.OrderCode, body.confirmedTotal, storefrontContextOf(request)),
  );
  api.handle(ordersApi.payOrder, ({ caller, params, request }) =>
    orderPayments.payNow(caller, params.orderCode, storefrontContextOf(request)),
  );
  api.handle(ordersApi.cancelOrder, ({ caller, params }) => orderPayments.cancel(caller, params.orderCode));
  api.handle(ordersApi.articleGroups, async () => orders.articleGroups());
  api.handle(ordersApi.campaign, ({ caller, params }) => orders.campaign(caller, params.name));
  api.handle(ordersApi.voucherOffer, ({ caller, params }) =>
    orders.voucherOffer(caller, params.voucherOptionCode),
  );
}
