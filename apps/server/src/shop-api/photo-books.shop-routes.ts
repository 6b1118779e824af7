import { shopPhotoBooksApi, type ShopPhotoBook } from '@photo/contracts/shop-photo-books';
import type { PhotoBookRecord } from '../photo-books/photo-books.repository';
import type { PhotoBooksService } from '../photo-books/photo-books.service';
import type { ShopApiRouter } from './shop-api.router';

const toShopPhotoBook = (widget: PhotoBookRecord): ShopPhotoBook => ({
  orderCode: widget.orderId,
  customerId: widget.ownerId,
  title: widget.title,
  pageCount: widget.pageCount,
  pagesReceived: widget.pagesReceived,
  blockedReason: widget.blockedReason,
});

/** The shop publishes ordered photo books online, page by page, or says why an order cannot be one. */
export function registerShopPhotoBookRoutes(
  shop: ShopApiRouter,
  deps: { photoBooks: PhotoBooksService },
): void {
  shop.handle(shopPhotoBooksApi.putPhotoBook, async ({ params, body }) =>
    toShopPhotoBook(await deps.photoBooks.putFromShop(params.orderCode, body)),
  );
  shop.handle(shopPhotoBooksApi.putPage, async ({ params, body }) =>
    toShopPhotoBook(
      await deps.photoBooks.putPageFromShop(
        params.orderCode,
        params.pageNumber,
        Buffer.from(body.imageBase64, 'base64'),
      ),
    ),
  );
  shop.handle(shopPhotoBooksApi.deletePhotoBook, async ({ params }) => {
    await deps.photoBooks.deleteFromShop(params.orderCode);
    return { deleted: true };
  });
}
