import { z } from 'zod/mini';
import { queryInteger } from './photos';
import { defineShopEndpoint } from './shop-api';
import { blockedReasons, WIDGET_MAX_PAGES } from './photo-books';

/** A page image travels base64-encoded in JSON; the decoded image may be this large. */
export const SHOP_WIDGET_PAGE_MAX_BYTES = 700_000;

const orderParams = z.object({ orderCode: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,100}$/)) });

export const ShopPhotoBookSchema = z.object({
  orderCode: z.string(),
  customerId: z.string(),
  title: z.string(),
  pageCount: z.int(),
  /** Pages received so far: the customer sees the book once every page is there. */
  pagesReceived: z.int(),
  blockedReason: z.nullable(z.enum(blockedReasons)),
});
export type ShopPhotoBook = z.infer<typeof ShopPhotoBookSchema>;

/**
 * The shop publishes an ordered photo book online (docs/product/projects-and-photo-books.md 'PhotoBooks', docs/shop-integration.md):
 * first the book (title, page count), then each page image; or it reports why the order cannot be
 * one. Keyed by the shop's inner order code and page numbers, so every call may be repeated.
 */
export const shopPhotoBooksApi = {
  putPhotoBook: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/widgets/:orderCode',
    params: orderParams,
    body: z.object({
      title: z.string().check(z.minLength(1), z.maxLength(200)),
      /** The book's pages; leave out when the order is blocked. */
      pageCount: z.optional(z.int().check(z.minimum(1), z.maximum(WIDGET_MAX_PAGES))),
      /** Why this order cannot be viewed online; leave out for a book that can. */
      blockedReason: z.optional(z.enum(blockedReasons)),
    }),
    response: ShopPhotoBookSchema,
  }),
  /** One page (1 = the cover) as JPEG, PNG or WebP, base64. */
  putPage: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/widgets/:orderCode/pages/:pageNumber',
    params: z.object({
      orderCode: orderParams.shape.orderCode,
      pageNumber: queryInteger(1, WIDGET_MAX_PAGES),
    }),
    body: z.object({
      imageBase64: z.base64().check(z.maxLength(Math.ceil(SHOP_WIDGET_PAGE_MAX_BYTES / 3) * 4)),
    }),
    response: ShopPhotoBookSchema,
  }),
  deletePhotoBook: defineShopEndpoint({
    method: 'DELETE',
    path: '/v1/widgets/:orderCode',
    params: orderParams,
    response: z.object({ deleted: z.boolean() }),
  }),
};
