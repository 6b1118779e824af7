import { shopWidgetsApi, type ShopWidget } from '@photo/contracts/shop-widgets';
import type { WidgetRecord } from '../widgets/widgets.repository';
import type { WidgetsService } from '../widgets/widgets.service';
import type { ShopApiRouter } from './shop-api.router';

const toShopWidget = (widget: WidgetRecord): ShopWidget => ({
  orderCode: widget.orderId,
  customerId: widget.ownerId,
  title: widget.title,
  pageCount: widget.pageCount,
  pagesReceived: widget.pagesReceived,
  blockedReason: widget.blockedReason,
});

/** The shop publishes ordered photo books online, page by page, or says why an order cannot be one. */
export function registerShopWidgetRoutes(shop: ShopApiRouter, deps: { widgets: WidgetsService }): void {
  shop.handle(shopWidgetsApi.putWidget, async ({ params, body }) =>
    toShopWidget(await deps.widgets.putFromShop(params.orderCode, body)),
  );
  shop.handle(shopWidgetsApi.putPage, async ({ params, body }) =>
    toShopWidget(
      await deps.widgets.putPageFromShop(
        params.orderCode,
        params.pageNumber,
        Buffer.from(body.imageBase64, 'base64'),
      ),
    ),
  );
  shop.handle(shopWidgetsApi.deleteWidget, async ({ params }) => {
    await deps.widgets.deleteFromShop(params.orderCode);
    return { deleted: true };
  });
}
