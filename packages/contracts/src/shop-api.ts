import { z } from 'zod/mini';
import { codeSchema, email, isoDate, isoDateTime } from './common';
import type { HttpMethod } from './endpoint';
import { PaymentMethodIdSchema } from './payment-methods';
import { queryInteger } from './photos';
import {
  articleGroups,
  DeliveryAddressSchema,
  deliveryTypes,
  internalOrderStates,
  orderSources,
  paymentStatuses,
  processingStatuses,
} from './orders';

/**
 * The shop-side API (docs/shop-integration.md): how the shop's checkout and production report orders
 * to the account area. Called with the shop's service token, never with a customer's session; each
 * kind of thing the shop reports (orders, later projects and online photo books) has its own calls.
 */
export const SHOP_API_BASE_PATH = '/shop-api';

export interface ShopEndpoint<
  Params extends z.ZodMiniType = z.ZodMiniType,
  Body extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  /** Below SHOP_API_BASE_PATH, with `:name` parameters. */
  path: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
}

export function defineShopEndpoint<
  Params extends z.ZodMiniType = z.ZodMiniUndefined,
  Body extends z.ZodMiniType = z.ZodMiniUndefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniUndefined,
>(endpoint: ShopEndpoint<Params, Body, Response, Query>): ShopEndpoint<Params, Body, Response, Query> {
  return endpoint;
}

/**
 * A shop-side call whose body is a file (a zip of print files, a product sheet): sent as is with one
 * of `contentTypes`, streamed into storage, never held whole in memory. Anything else it needs comes
 * in the path and the query.
 */
export interface ShopUploadEndpoint<
  Params extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  method: 'PUT';
  path: string;
  params: Params;
  query?: Query;
  contentTypes: readonly string[];
  maxBytes: number;
  response: Response;
}

export function defineShopUpload<
  Params extends z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniUndefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(endpoint: ShopUploadEndpoint<Params, Query, Response>): ShopUploadEndpoint<Params, Query, Response> {
  return endpoint;
}

export const ShopProductSchema = z.object({
  lineId: codeSchema,
  code: z.string().check(z.minLength(1), z.maxLength(100)),
  articleName: z.string().check(z.minLength(1), z.maxLength(200)),
  articleGroup: z.enum(articleGroups),
  quantity: z.int().check(z.minimum(1), z.maximum(100_000)),
  /** Minor units of the super order's currency (cents), after any voucher. */
  unitPrice: z.int().check(z.minimum(0), z.maximum(100_000_000)),
  /** An absolute http(s) address, or a path on the account area's own origin. */
  imageUrl: z.optional(z.string().check(z.maxLength(2000), z.regex(/^(https?:\/\/|\/)\S*$/))),
  voucher: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  processingStatus: z.optional(z.enum(processingStatuses)),
});
export type ShopProduct = z.infer<typeof ShopProductSchema>;

export const ShopOrderSchema = z.object({
  id: codeSchema,
  /** The state the order is in; a state it has passed already is kept (never moves back). */
  state: z.optional(z.enum(internalOrderStates)),
  paymentStatus: z.optional(z.enum(paymentStatuses)),
  paymentChangedDate: z.optional(isoDateTime),
  /** How the customer paid, when `paymentStatus` is paymentSuccess: printed on the invoice. */
  paymentMethod: z.optional(PaymentMethodIdSchema),
  products: z.array(ShopProductSchema).check(z.minLength(1), z.maxLength(500)),
});

/** Create or update a super order: the whole of it, as the shop knows it at `changedAt`. */
export const ShopSuperOrderBodySchema = z.object({
  /** The customer: their account id, or the e-mail address of their account; with both, the id wins. */
  accountId: z.optional(z.uuid()),
  email: z.optional(email),
  /** Storefront id: nl, be, uk, ... */
  storefront: z.string().check(z.minLength(2), z.maxLength(10)),
  source: z._default(z.enum(orderSources), 'Web'),
  /** ISO 4217: the storefront's currency, the only one taken; may be left out. */
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
  createdAt: isoDateTime,
  /** When the shop made this version (not before `createdAt`): an older update than the stored one changes nothing. */
  changedAt: isoDateTime,
  deliveryType: z.enum(deliveryTypes),
  deliveryAddress: DeliveryAddressSchema,
  /** What delivery costs, in minor units of the super order's currency; 0 when left out. */
  deliveryPrice: z._default(z.int().check(z.nonnegative(), z.maximum(10_000_000)), 0),
  reorderOf: z.optional(codeSchema),
  orders: z.array(ShopOrderSchema).check(z.minLength(1), z.maxLength(100)),
});
export type ShopSuperOrderBody = z.infer<typeof ShopSuperOrderBodySchema>;
export type ShopSuperOrderInput = z.input<typeof ShopSuperOrderBodySchema>;

export const ShopOrderStatusSchema = z.object({
  id: z.string(),
  superOrderCode: z.string(),
  state: z.enum(internalOrderStates),
  /** When the order reached `state`, as the shop reported it. */
  stateChangedAt: isoDateTime,
  paymentStatus: z.enum(paymentStatuses),
  paymentChangedDate: z.nullable(isoDateTime),
  deliveryDates: z.nullable(z.object({ earliest: isoDate, latest: isoDate })),
});
export type ShopOrderStatus = z.infer<typeof ShopOrderStatusSchema>;

export const ShopSuperOrderSchema = z.object({
  superOrderCode: z.string(),
  customerId: z.string(),
  storefront: z.string(),
  currency: z.string(),
  deliveryType: z.enum(deliveryTypes),
  createdAt: isoDateTime,
  /** The newest version applied: later than the request's `changedAt` when that was stale. */
  changedAt: isoDateTime,
  orders: z.array(ShopOrderStatusSchema),
});
export type ShopSuperOrder = z.infer<typeof ShopSuperOrderSchema>;

/**
 * What a super-order PUT took, part by part. `superOrder`: its own fields (delivery, currency, ...),
 * false when the stored version is newer; per order its state, payment and products, false where a
 * newer report was already there (or, for payment, where none was sent).
 */
export const ShopSuperOrderPartsSchema = z.object({
  superOrder: z.boolean(),
  orders: z.array(
    z.object({ id: z.string(), state: z.boolean(), payment: z.boolean(), products: z.boolean() }),
  ),
});
export type ShopSuperOrderParts = z.infer<typeof ShopSuperOrderPartsSchema>;

/** A change of one order; `applied` is false when it was stale or already there (nothing changed). */
export const ShopOrderChangeResultSchema = z.object({ applied: z.boolean(), order: ShopOrderStatusSchema });
export type ShopOrderChangeResult = z.infer<typeof ShopOrderChangeResultSchema>;

/** The parcel of a dispatched order: the carrier's name (PostNL, DHL, DPD, UPS, ...) and its number. */
export const ShopTrackingSchema = z.object({
  carrier: z.string().check(z.minLength(1), z.maxLength(50)),
  number: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9 _-]+$/)),
});

/** One state the shop reported; `applied` false: not taken (e.g. a step reported after a cancellation). */
export const ShopStateReportSchema = z.object({
  state: z.enum(internalOrderStates),
  changedAt: isoDateTime,
  applied: z.boolean(),
});

/** Every state report of a super order's orders, in the order they happened, rejected ones marked. */
export const ShopSuperOrderHistorySchema = z.object({
  superOrderCode: z.string(),
  orders: z.array(z.object({ id: z.string(), history: z.array(ShopStateReportSchema) })),
});
export type ShopSuperOrderHistory = z.infer<typeof ShopSuperOrderHistorySchema>;

/** The most super orders one page of the shop's list holds. */
export const SHOP_SUPER_ORDERS_PAGE_MAX = 100;

export const ShopSuperOrderListQuerySchema = z.object({
  /** Storefront id: nl, be, uk, ... */
  storefront: z.optional(z.string().check(z.minLength(2), z.maxLength(10))),
  /** The customer's account id. */
  accountId: z.optional(z.uuid()),
  /** Only super orders whose version (`changedAt`) is this time or later. */
  changedSince: z.optional(isoDateTime),
  /** `nextCursor` of the page before; left out for the first page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z._default(queryInteger(1, SHOP_SUPER_ORDERS_PAGE_MAX), SHOP_SUPER_ORDERS_PAGE_MAX),
});

/** A page of super orders, oldest `changedAt` first; `nextCursor` null on the last page. */
export const ShopSuperOrderPageSchema = z.object({
  items: z.array(ShopSuperOrderSchema),
  nextCursor: z.nullable(z.string()),
});
export type ShopSuperOrderPage = z.infer<typeof ShopSuperOrderPageSchema>;

const orderIdParams = z.object({ orderId: codeSchema });
const superOrderParams = z.object({ superOrderCode: codeSchema });

export const shopOrdersApi = {
  /** Every super order, paged, for the shop to reconcile with its own. */
  listSuperOrders: defineShopEndpoint({
    method: 'GET',
    path: '/v1/superorders',
    query: ShopSuperOrderListQuerySchema,
    response: ShopSuperOrderPageSchema,
  }),
  putSuperOrder: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/superorders/:superOrderCode',
    params: superOrderParams,
    body: ShopSuperOrderBodySchema,
    response: z.object({
      created: z.boolean(),
      /** True when any part was taken; `parts` says which. */
      applied: z.boolean(),
      parts: ShopSuperOrderPartsSchema,
      superOrder: ShopSuperOrderSchema,
    }),
  }),
  getSuperOrder: defineShopEndpoint({
    method: 'GET',
    path: '/v1/superorders/:superOrderCode',
    params: superOrderParams,
    response: ShopSuperOrderSchema,
  }),
  getSuperOrderHistory: defineShopEndpoint({
    method: 'GET',
    path: '/v1/superorders/:superOrderCode/history',
    params: superOrderParams,
    response: ShopSuperOrderHistorySchema,
  }),
  /**
   * Cancels every order of the super order at once; an order dispatched (or cancelled) already
   * stays as it is, and its `applied` says so.
   */
  cancelSuperOrder: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/superorders/:superOrderCode/cancellation',
    params: superOrderParams,
    body: z.object({ changedAt: isoDateTime }),
    response: z.object({
      orders: z.array(z.object({ id: z.string(), applied: z.boolean() })),
      superOrder: ShopSuperOrderSchema,
    }),
  }),
  /** Delivery type and address, e.g. after customer care changed them. */
  putDelivery: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/superorders/:superOrderCode/delivery',
    params: superOrderParams,
    body: z.object({
      deliveryType: z.enum(deliveryTypes),
      deliveryAddress: DeliveryAddressSchema,
      changedAt: isoDateTime,
    }),
    response: z.object({ applied: z.boolean(), superOrder: ShopSuperOrderSchema }),
  }),
  /** Moves an order forward; an earlier state than the one it has is recorded in history only. */
  putState: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/orders/:orderId/state',
    params: orderIdParams,
    body: z.object({
      state: z.enum(internalOrderStates),
      changedAt: isoDateTime,
      /** With `Dispatched` only: the parcel, shown to the customer (linked where the carrier is known). */
      tracking: z.optional(ShopTrackingSchema),
    }),
    response: ShopOrderChangeResultSchema,
  }),
  putPayment: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/orders/:orderId/payment',
    params: orderIdParams,
    body: z.object({
      paymentStatus: z.enum(paymentStatuses),
      changedAt: isoDateTime,
      /** How the customer paid (with paymentSuccess): printed on the invoice. */
      paymentMethod: z.optional(PaymentMethodIdSchema),
    }),
    response: ShopOrderChangeResultSchema,
  }),
  putDeliveryDates: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/orders/:orderId/deliveryDates',
    params: orderIdParams,
    body: z.object({ earliest: isoDate, latest: isoDate, changedAt: isoDateTime }),
    response: ShopOrderChangeResultSchema,
  }),
  putVoucherOffer: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/voucher-offers/:code',
    params: z.object({ code: codeSchema }),
    body: z.object({
      campaignName: z.string().check(z.minLength(1), z.maxLength(100)),
      title: z.string().check(z.minLength(1), z.maxLength(200)),
      description: z._default(z.string().check(z.maxLength(2000)), ''),
      discountPercent: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
      discountAmount: z.optional(z.int().check(z.minimum(1))),
      currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
      validUntil: z.optional(isoDate),
      changedAt: isoDateTime,
    }),
    response: z.object({ applied: z.boolean() }),
  }),
  putCampaign: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/campaigns/:storefront/:name',
    params: z.object({ storefront: z.string().check(z.minLength(2), z.maxLength(10)), name: codeSchema }),
    body: z.object({
      title: z.string().check(z.minLength(1), z.maxLength(200)),
      cutoffs: z
        .array(z.object({ articleGroup: z.enum(articleGroups), orderBy: isoDate }))
        .check(z.minLength(1), z.maxLength(20)),
      changedAt: isoDateTime,
    }),
    response: z.object({ applied: z.boolean() }),
  }),
};
