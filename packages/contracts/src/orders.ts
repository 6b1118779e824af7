import { z } from 'zod/mini';
import { amountMinor, count, isoDate, isoDateTime } from './common';
import { PostalAddressSchema } from './address-schema';
import { defineEndpoint } from './endpoint';
import { PaymentMethodIdSchema } from './payment-methods';
import { queryInteger } from './photos';

/** docs/product/states.md: the shop's internal states of an order, in the order an order moves through them. */
export const internalOrderStates = [
  'Received',
  'Confirmed',
  'ProductionStarted',
  'ProductionCompleted',
  'Dispatched',
  'Cancelled',
] as const;
export type InternalOrderState = (typeof internalOrderStates)[number];

/** docs/product/states.md: what the customer sees. */
export const externalOrderStatuses = [
  'AwaitingPayment',
  'Ordered',
  'InProduction',
  'Sent',
  'Cancelled',
] as const;
export type ExternalOrderStatus = (typeof externalOrderStatuses)[number];

/** docs/product/states.md mapping of internal states to external statuses. */
export const externalStatusOf: Record<InternalOrderState, ExternalOrderStatus> = {
  Received: 'AwaitingPayment',
  Confirmed: 'Ordered',
  ProductionStarted: 'InProduction',
  ProductionCompleted: 'InProduction',
  Dispatched: 'Sent',
  Cancelled: 'Cancelled',
};

/** docs/product/states.md: the payment status strings. */
export const paymentStatuses = ['paymentPending', 'paymentFailed', 'paymentSuccess', 'paymentFree'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** docs/product/states.md: the processing status strings the shop may report per product. */
export const processingStatuses = [
  'verification failed',
  'processing',
  'processing failed',
  'approved',
  'rejected',
  'on_hold',
  'producing',
  'delayed',
  'shipped',
  'cancelled',
] as const;
export type ProcessingStatus = (typeof processingStatuses)[number];

/** docs/product/entities.md: delivery type of a super order. */
export const deliveryTypes = ['Home', 'PickupPoint'] as const;
export type DeliveryType = (typeof deliveryTypes)[number];

/** docs/product/entities.md: the order source is one of two values. */
export const orderSources = ['Web', 'App'] as const;

/** Product groups the shop sells (docs/product/calls.md ArticleGroup). */
export const articleGroups = ['prints', 'photoBooks', 'wallDecor', 'cards', 'gifts'] as const;
export type ArticleGroup = (typeof articleGroups)[number];

/**
 * docs/product/limits.md: orders created within this many days can be in progress (the server decides each order's
 * `inProgress`; the web app only uses this to know when older pages cannot hold one).
 */
export const IN_PROGRESS_DAYS = 30;

/** docs/product/limits.md: the orders list is fetched in pages of 100; the account orders call defaults to 10. */
export const ORDERS_PAGE_SIZE = 100;
export const ACCOUNT_ORDERS_PAGE_SIZE = 10;

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

/**
 * The delivery address of an order: a postal address of the account's address book (one schema, one
 * form, one validator: `addresses`), and the pickup point's name for PickupPoint deliveries.
 */
export const DeliveryAddressSchema = z.extend(PostalAddressSchema, {
  pickupPointName: z.optional(z.string().check(z.maxLength(200))),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const OrderProductSchema = z.object({
  /** The shop's product line id, unique within its order. */
  lineId: z.string(),
  /** docs/product/entities.md: the article code (PAP_910, ...). */
  code: z.string(),
  articleName: z.string(),
  articleGroup: z.string(),
  quantity: z.int().check(z.positive()),
  /** Price of one, in minor units of the order's currency. */
  unitPrice: amountMinor,
  imageUrl: z.nullable(z.string()),
  /** docs/product/entities.md: the voucher option code used on it; details come from the voucher call. */
  voucher: z.nullable(z.string()),
  /** The order's external status (docs/product/entities.md: products with status). */
  status: z.enum(externalOrderStatuses),
  paymentChangedDate: z.nullable(isoDateTime),
  processingStatus: z.nullable(z.string()),
});
export type OrderProduct = z.infer<typeof OrderProductSchema>;

export const OrderStateChangeSchema = z.object({
  state: z.enum(internalOrderStates),
  status: z.enum(externalOrderStatuses),
  occurredAt: isoDateTime,
});

export const DeliveryDatesSchema = z.object({
  orderId: z.string(),
  earliest: isoDate,
  latest: isoDate,
});
export type DeliveryDates = z.infer<typeof DeliveryDatesSchema>;

/** docs/product/entities.md Order: code, createdAt, products with status and paymentChangedDate. */
export const OrderSchema = z.object({
  code: z.string(),
  superOrderCode: z.string(),
  createdAt: isoDateTime,
  state: z.enum(internalOrderStates),
  status: z.enum(externalOrderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  paymentChangedDate: z.nullable(isoDateTime),
  /** docs/product/limits.md's rule, decided by the server. */
  inProgress: z.boolean(),
  products: z.array(OrderProductSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** docs/product/entities.md super order, as the list shows it. */
export const SuperOrderSchema = z.object({
  orderCode: z.string(),
  createdAt: isoDateTime,
  source: z.enum(orderSources),
  storefront: z.string(),
  currency: z.string(),
  deliveryType: z.enum(deliveryTypes),
  deliveryAddress: DeliveryAddressSchema,
  status: z.enum(externalOrderStatuses),
  /** In progress when any of its orders is (docs/product/limits.md); otherwise it belongs to history. */
  inProgress: z.boolean(),
  productCount: count,
  /** What delivery costs, minor units (0 when the shop charged nothing or did not say). */
  deliveryPrice: amountMinor,
  /** Sum of quantity x unit price, plus delivery, minor units. */
  totalPrice: amountMinor,
  /** It awaits payment and may be paid here now ('Pay now'). */
  canPay: z.boolean(),
  /** It awaits payment and the customer may still cancel it ('Cancel order'). */
  canCancel: z.boolean(),
  orders: z.array(OrderSchema),
});
export type SuperOrder = z.infer<typeof SuperOrderSchema>;

/** A product as the order details show it: with its product sheet when the shop's catalogue has one. */
export const OrderDetailsProductSchema = z.extend(OrderProductSchema, {
  /**
   * The download URL of the product's information sheet (purpose `product.pdf`, the same address as
   * `Product.productPdfUrl` of `/v1/Products/{code}`), or null when the shop sent none (decision 116).
   */
  productPdfUrl: z.nullable(z.string()),
});
export type OrderDetailsProduct = z.infer<typeof OrderDetailsProductSchema>;

/** One order's details: the list entry plus history, delivery dates and what may change. */
export const SuperOrderDetailsSchema = z.extend(SuperOrderSchema, {
  orders: z.array(
    z.extend(OrderSchema, {
      products: z.array(OrderDetailsProductSchema),
      history: z.array(OrderStateChangeSchema),
      deliveryDates: z.nullable(DeliveryDatesSchema),
      /** The parcel of a dispatched order; `url` the carrier's tracking page, null for an unknown carrier. */
      tracking: z.nullable(
        z.object({ carrier: z.string(), number: z.string(), url: z.nullable(z.string()) }),
      ),
    }),
  ),
  /** The delivery address may change until production starts, and only for Home delivery. */
  canChangeDeliveryAddress: z.boolean(),
  reorderOf: z.nullable(z.string()),
});
export type SuperOrderDetails = z.infer<typeof SuperOrderDetailsSchema>;

export const SuperOrderListSchema = z.object({
  items: z.array(SuperOrderSchema),
  orderCount: count,
});
export type SuperOrderList = z.infer<typeof SuperOrderListSchema>;

const intParam = (min: number, max: number, fallback: number) => z._default(queryInteger(min, max), fallback);

/**
 * A shop code in a path or query (order code, order id, campaign or voucher option): letters, digits,
 * `-`, `_` and `.` only, so that a NUL or a slash is a 400, never a database error.
 */
const shopCode = z.string().check(z.regex(/^[\w.-]{1,100}$/));

export const orderCodeParam = z.object({ orderCode: shopCode });

/** docs/product/calls.md reorder status. */
export const ReorderStatusSchema = z.object({
  orderCode: z.string(),
  canReorder: z.boolean(),
  /** Why not: a cancelled order, one with nothing that can be made again, or nothing can be paid here. */
  reason: z.nullable(z.enum(['cancelled', 'notReorderable', 'paymentsUnavailable'])),
});
export type ReorderStatus = z.infer<typeof ReorderStatusSchema>;

/** A line a reorder makes again: the product as the catalogue sells it today, at today's price. */
export const ReorderLineSchema = z.object({
  code: z.string(),
  articleName: z.string(),
  quantity: z.int().check(z.positive()),
  unitPrice: amountMinor,
  imageUrl: z.nullable(z.string()),
});

/**
 * What a reorder will order, shown before the customer confirms it: the products, today's prices,
 * where it goes, the total, and how it will be paid (the saved method: charged at once when the
 * provider holds it, otherwise the customer pays on the provider's page).
 */
export const ReorderQuoteSchema = z.object({
  orderCode: z.string(),
  currency: z.string(),
  lines: z.array(ReorderLineSchema),
  deliveryType: z.enum(deliveryTypes),
  deliveryAddress: DeliveryAddressSchema,
  deliveryPrice: amountMinor,
  totalPrice: amountMinor,
  payment: z.object({
    /** The payment method saved in settings, or null. */
    method: z.nullable(PaymentMethodIdSchema),
    /** How confirming pays: the saved method charged now, on the provider's page, or on the invoice (B2B). */
    how: z.enum(['savedMethod', 'providerPage', 'invoice']),
  }),
});
export type ReorderQuote = z.infer<typeof ReorderQuoteSchema>;

/**
 * Where the browser goes after an order was placed or a payment started: the provider's page (an
 * absolute URL), or a page of this origin (a path: the thank-you page, or the order when a charge failed).
 */
export const ContinueToSchema = z.object({ orderCode: z.string(), continueTo: z.string() });
export type ContinueTo = z.infer<typeof ContinueToSchema>;

/** The thank-you page of an order just placed and paid lives below its details. */
export const orderPlacedPath = (orderCode: string) => `/orders/${encodeURIComponent(orderCode)}/thank-you`;
/** The order's details after a payment that failed: they offer 'Pay now' again. */
export const orderPaymentFailedPath = (orderCode: string) =>
  `/orders/${encodeURIComponent(orderCode)}?payment=failed`;

export const ArticleGroupSchema = z.object({
  name: z.enum(articleGroups),
  /** Working days of production before dispatch. */
  productionDays: z.int().check(z.positive()),
  /** Whether a reorder can make it again from the stored order. */
  reorderable: z.boolean(),
});

export const CampaignSchema = z.object({
  name: z.string(),
  title: z.string(),
  cutoffs: z.array(z.object({ articleGroup: z.string(), orderBy: isoDate })),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** docs/product/entities.md voucher details: isVoucherFound plus the campaign offer. */
export const VoucherDetailsSchema = z.object({
  isVoucherFound: z.boolean(),
  offer: z.nullable(
    z.object({
      code: z.string(),
      campaignName: z.string(),
      title: z.string(),
      description: z.string(),
      discountPercent: z.nullable(z.int()),
      discountAmount: z.nullable(z.int()),
      currency: z.nullable(z.string()),
      validUntil: z.nullable(isoDate),
    }),
  ),
});
export type VoucherDetails = z.infer<typeof VoucherDetailsSchema>;

export const ordersApi = {
  /** docs/product/calls.md: the caller's super orders, newest first. */
  myOrders: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/v2/superorders/me',
    query: z.object({
      Offset: intParam(0, 1_000_000, 0),
      Limit: intParam(1, ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE),
      /** notExpired leaves out orders never paid whose payment window closed (decision 081). */
      OrderState: z.optional(z.enum(['notExpired'])),
    }),
    response: SuperOrderListSchema,
  }),
  superOrder: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/v1/superorders/:orderCode',
    params: orderCodeParam,
    response: SuperOrderDetailsSchema,
  }),
  /**
   * docs/product/calls.md: a new home address for the order, checked as the address book checks addresses; answers
   * the address the order now has; 409 when the order can no longer change.
   */
  changeDeliveryAddress: defineEndpoint({
    service: 'orders',
    method: 'PUT',
    path: '/v1/superorders/:orderCode/deliveryAddress',
    params: orderCodeParam,
    body: PostalAddressSchema,
    response: DeliveryAddressSchema,
  }),
  /** docs/product/calls.md: inner orders of an account (only the caller's own), optionally of some articles. */
  accountOrders: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/orders/byAccount/:accountId',
    params: z.object({ accountId: text(100) }),
    query: z.object({
      /** Comma-separated article names; an order is listed when one of its products matches. */
      articleNames: z.optional(z.string().check(z.maxLength(1000))),
      offset: intParam(0, 1_000_000, 0),
      limit: intParam(1, ORDERS_PAGE_SIZE, ACCOUNT_ORDERS_PAGE_SIZE),
    }),
    response: z.object({ items: z.array(OrderSchema), orderCount: count }),
  }),
  order: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/v1/Orders/:id',
    params: z.object({ id: shopCode }),
    response: OrderSchema,
  }),
  /** docs/product/calls.md: 404 means the shop has not planned the delivery yet. */
  deliveryDates: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/OrderDeliveryDates/:id',
    params: z.object({ id: shopCode }),
    response: DeliveryDatesSchema,
  }),
  reorderStatus: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/reorder/status/:orderCode',
    params: orderCodeParam,
    response: ReorderStatusSchema,
  }),
  /** What a reorder of this order would order and cost today, and how it would be paid. */
  reorderQuote: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/reorder/quote/:orderCode',
    params: orderCodeParam,
    response: ReorderQuoteSchema,
  }),
  /**
   * docs/product/calls.md direct reorder, once the customer confirmed the quote: a new order with the same products,
   * placed through the shop and paid with the saved method or on the provider's page. 409 when the
   * total is no longer the one the customer saw.
   */
  reorder: defineEndpoint({
    service: 'orders',
    method: 'POST',
    path: '/reorder',
    query: z.object({ OrderCode: shopCode }),
    body: z.object({ confirmedTotal: amountMinor }),
    response: ContinueToSchema,
    successStatus: 201,
  }),
  /** 'Pay now' of an order awaiting payment: a payment on the provider's page; 409 when there is nothing to pay. */
  payOrder: defineEndpoint({
    service: 'orders',
    method: 'POST',
    path: '/v1/superorders/:orderCode/payments',
    params: orderCodeParam,
    response: ContinueToSchema,
    successStatus: 201,
  }),
  /** 'Cancel order' of an order awaiting payment; 409 once it is paid, being paid or in the shop's hands. */
  cancelOrder: defineEndpoint({
    service: 'orders',
    method: 'POST',
    path: '/v1/superorders/:orderCode/actions/cancel',
    params: orderCodeParam,
    response: z.object({ orderCode: z.string(), status: z.enum(externalOrderStatuses) }),
  }),
  articleGroups: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/v1/ArticleGroup',
    response: z.object({ items: z.array(ArticleGroupSchema) }),
  }),
  /** docs/product/calls.md: a cut-off campaign of the caller's storefront; 404 when it has none of that name. */
  campaign: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/v1/Campaign/:name',
    params: z.object({ name: shopCode }),
    response: CampaignSchema,
  }),
  /** docs/product/calls.md: 404 (isVoucherFound false) unless the code is one used on the caller's own products. */
  voucherOffer: defineEndpoint({
    service: 'orders',
    method: 'GET',
    path: '/api/v1/campaigns/offers/:voucherOptionCode',
    params: z.object({ voucherOptionCode: shopCode }),
    response: VoucherDetailsSchema,
  }),
};
