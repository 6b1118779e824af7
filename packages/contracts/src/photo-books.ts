import { z } from 'zod/mini';
import { id, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Online photo books (docs/product/projects-and-photo-books.md 'PhotoBooks', 3 'PhotoBook', 7 'PhotoBooks'): an ordered photo book whose pages
 * the shop sent, viewable by anyone who has its link while its owner keeps public viewing on.
 */

/** Why an order cannot become an online photo book (the shop says which; the page explains each). */
export const blockedReasons = [
  'licensedContent',
  'productNotSupported',
  'orderCancelled',
  'pagesUnavailable',
] as const;
export type BlockedReason = (typeof blockedReasons)[number];

/** The storefront gallery's categories (docs/product/entities.md: 'Categories exist'); the web app names each in its language. */
export const galleryCategories = [
  'family',
  'travel',
  'wedding',
  'baby',
  'holidays',
  'nature',
  'other',
] as const;
export type GalleryCategory = (typeof galleryCategories)[number];

/** A book has at most this many pages (the shop's largest photo book has 200). */
export const WIDGET_MAX_PAGES = 500;

/** docs/product/entities.md share payload limits: a name and a short personal note, text only. */
export const SHARE_SENDER_NAME_MAX = 100;
export const SHARE_MESSAGE_MAX = 1000;
/** Share mails a customer may send in an hour (decision 094). */
export const WIDGET_SHARES_PER_HOUR = 10;

const widgetId = z.uuid();
const photoBookParams = z.object({ id: widgetId });

/** A widget as the server answers it; the web client maps `orderCode` to `productCode` (docs/product/entities.md). */
export const PhotoBookSchema = z.object({
  id: z.string(),
  /** The inner order (the product of the super order) the book was printed for. */
  orderCode: z.string(),
  title: z.string(),
  productName: z.string(),
  pageCount: z.int().check(z.minimum(1)),
  isPublic: z.boolean(),
  /** The cover (first page), served to the owner whether or not the book is public. */
  coverUrl: z.string(),
  /** The public, read-only viewer: an unguessable address that works while `isPublic` is on. */
  viewerUrl: z.url({ protocol: /^https?$/ }),
  createdAt: isoDateTime,
});
export type PhotoBook = z.infer<typeof PhotoBookSchema>;

export const BlockedOrderSchema = z.object({
  orderCode: z.string(),
  title: z.string(),
  productName: z.string(),
  reason: z.enum(blockedReasons),
});
export type BlockedOrder = z.infer<typeof BlockedOrderSchema>;

export const GalleryEntrySchema = z.object({
  widgetId: z.string(),
  channel: z.string(),
  categoryId: z.enum(galleryCategories),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type GalleryEntry = z.infer<typeof GalleryEntrySchema>;

const base64Text = (max: number) =>
  // The share call carries what people typed base64-encoded in its query (docs/product/calls.md); decoded server-side.
  z.string().check(z.maxLength(Math.ceil((max * 4) / 3) * 4 + 4), z.regex(/^[A-Za-z0-9+/_-]*={0,2}$/));

export const photoBooksApi = {
  /** docs/product/calls.md: the caller's widgets of these inner orders; without orderCodes, all of the caller's. */
  all: defineEndpoint({
    service: 'widgets',
    method: 'GET',
    path: '/v1/widget/all',
    query: z.object({
      orderCodes: z.optional(z.string().check(z.maxLength(10_000), z.regex(/^[\w.,-]*$/))),
    }),
    response: z.array(PhotoBookSchema),
  }),
  get: defineEndpoint({
    service: 'widgets',
    method: 'GET',
    path: '/v1/widget/:id',
    params: photoBookParams,
    response: PhotoBookSchema,
  }),
  /**
   * Switches public viewing on or off; off, the viewer's address answers 404, and switched on again
   * the book has a new address (`viewerUrl`): links shared before stay dead.
   */
  update: defineEndpoint({
    service: 'widgets',
    method: 'PUT',
    path: '/v1/widget/:id',
    params: photoBookParams,
    body: z.object({ isPublic: z.boolean() }),
    response: PhotoBookSchema,
  }),
  delete: defineEndpoint({
    service: 'widgets',
    method: 'DELETE',
    path: '/v1/widget/:id',
    params: photoBookParams,
    response: z.void(),
    successStatus: 204,
  }),
  /**
   * docs/product/calls.md: mails the viewer's address. fromName, personalMessage and toEmailAddress are UTF-8 text,
   * base64-encoded (standard or URL-safe alphabet); vendorId is the storefront's channel id.
   */
  share: defineEndpoint({
    service: 'widgets',
    method: 'PUT',
    path: '/v1/widget/:id/share',
    params: photoBookParams,
    query: z.object({
      vendorId: z.string().check(z.regex(/^[A-Z]{2,10}$/)),
      fromName: base64Text(SHARE_SENDER_NAME_MAX),
      personalMessage: z.optional(base64Text(SHARE_MESSAGE_MAX)),
      toEmailAddress: base64Text(320),
    }),
    response: z.void(),
    successStatus: 204,
  }),
};

export const galleryApi = {
  /**
   * The widget's entry in the storefront's public gallery; null when the caller's book is not published
   * there (not a 404: that answer is kept for a widget that is not the caller's).
   */
  get: defineEndpoint({
    service: 'gallery',
    method: 'GET',
    path: '/v1/galleryentries/:id',
    params: photoBookParams,
    query: z.object({ channel: z.string().check(z.regex(/^[A-Z]{2,10}$/)) }),
    response: z.nullable(GalleryEntrySchema),
  }),
  create: defineEndpoint({
    service: 'gallery',
    method: 'POST',
    path: '/v1/galleryentries/',
    body: z.object({
      widgetId,
      channel: z.string().check(z.regex(/^[A-Z]{2,10}$/)),
      categoryId: z.enum(galleryCategories),
    }),
    response: GalleryEntrySchema,
    successStatus: 201,
  }),
  update: defineEndpoint({
    service: 'gallery',
    method: 'PUT',
    path: '/v1/galleryentries/:id',
    params: photoBookParams,
    body: z.object({ categoryId: z.enum(galleryCategories) }),
    response: GalleryEntrySchema,
  }),
  delete: defineEndpoint({
    service: 'gallery',
    method: 'DELETE',
    path: '/v1/galleryentries/:id',
    params: photoBookParams,
    response: z.void(),
    successStatus: 204,
  }),
  categories: defineEndpoint({
    service: 'gallery',
    method: 'GET',
    path: '/v1/categories',
    response: z.array(z.object({ id: z.enum(galleryCategories) })),
  }),
  /** docs/product/calls.md `v1/blockedorders/{id}`: the id is the caller's own account id (any other answers 404). */
  blockedOrders: defineEndpoint({
    service: 'gallery',
    method: 'GET',
    path: '/v1/blockedorders/:id',
    params: z.object({ id }),
    response: z.array(BlockedOrderSchema),
  }),
};

/** Where the owner's browser loads a widget's cover (not a JSON call), below the widgets service. */
export const photoBookCoverPath = (id: string) => `/v1/widget/${encodeURIComponent(id)}/cover`;

/** The public viewer of a photo book, on the storefront's origin. */
export const WIDGET_VIEWER_PATH = '/photo-books';

/** The storefront's public gallery of the books its customers published there (decision 095). */
export const WIDGET_GALLERY_PATH = `${WIDGET_VIEWER_PATH}/gallery`;
