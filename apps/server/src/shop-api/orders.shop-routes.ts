import { shopOrdersApi } from '@photo/contracts/shop-api';
import type { ShopApiRouter } from './shop-api.router';
import type { OrderIntakeService } from '../orders/order-intake.service';

/** The shop reports super orders, their orders' states, payments, delivery, vouchers and campaigns. */
export function registerShopOrderRoutes(shop: ShopApiRouter, orders: OrderIntakeService): void {
  shop.handle(shopOrdersApi.putSuperOrder, ({ params, body }) =>
    orders.putSuperOrder(params.superOrderCode, body),
  );
  shop.handle(shopOrdersApi.listSuperOrders, ({ query }) => orders.listSuperOrders(query));
  shop.handle(shopOrdersApi.getSuperOrder, ({ params }) => orders.getSuperOrder(params.superOrderCode));
  shop.handle(shopOrdersApi.getSuperOrderHistory, ({ params }) =>
    orders.getSuperOrderHistory(params.superOrderCode),
  );
  shop.handle(shopOrdersApi.cancelSuperOrder, ({ params, body }) =>
    orders.cancelSuperOrder(params.superOrderCode, body.changedAt),
  );
  shop.handle(shopOrdersApi.putDelivery, ({ params, body }) =>
    orders.putDelivery(params.superOrderCode, body),
  );
  shop.handle(shopOrdersApi.putState, ({ params, body }) =>
    orders.putState(params.orderId, body.state, body.changedAt, body.tracking),
  );
  shop.handle(shopOrdersApi.putPayment, ({ params, body }) =>
    orders.putPayment(params.orderId, body.paymentStatus, body.changedAt, body.paymentMethod),
  );
  shop.handle(shopOrdersApi.putDeliveryDates, ({ params, body }) =>
    orders.putDeliveryDates(params.orderId, body),
  );
  shop.handle(shopOrdersApi.putVoucherOffer, ({ params, body }) => orders.putVoucherOffer(params.code, body));
  shop.handle(shopOrdersApi.putCampaign, ({ params, body }) =>
    orders.putCampaign(params.storefront, params.name, body),
  );
}
