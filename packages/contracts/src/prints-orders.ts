import { z } from 'zod/mini';
import { id } from './common';
import { defineEndpoint } from './endpoint';
import { DeliveryTypeSchema } from './merchandise';

/**
 * The prints-order page of this product (decision 088): the storefront's prints editor by default. It
 * reads a temp selection, and orders prints of its photos, paid through the payment provider.
 */
export const PRINTS_ORDER_PATH = '/prints-order';
/** Copies of each photo in one order. */
export const MAX_PRINTS_PER_PHOTO = 99;
/** Photos in one prints order: one product line each, and an order holds at most 500 lines. */
export const MAX_PRINTS_ORDER_PHOTOS = 500;

/** Query parameters the page reads: the hand-off's (decision 062) and the outcome of a payment. */
export const printsOrderSearchParams = {
  tempSelectionId: 'tempSelectionId',
  productCode: 'productCode',
  payment: 'payment',
} as const;

export const PrintsCheckoutBodySchema = z.object({
  tempSelectionId: id,
  articleCode: id,
  sizeCode: id,
  paperCode: z.optional(id),
  finishCode: z.optional(id),
  /** Copies of each photo. */
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_PRINTS_PER_PHOTO)),
  deliveryType: DeliveryTypeSchema,
  /** For PickupPoint: one of the channel's pickup points (merchandise catalogue). */
  pickupPointId: z.optional(id),
  /** For Home: one of the customer's saved delivery addresses. */
  addressId: z.optional(id),
});
export type PrintsCheckoutBody = z.infer<typeof PrintsCheckoutBodySchema>;

export const printsOrdersApi = {
  /** Prices the order from the catalogue, records it and opens its payment; the browser goes to `paymentUrl`. */
  createCheckout: defineEndpoint({
    service: 'printsOrders',
    method: 'POST',
    path: '/checkouts',
    body: PrintsCheckoutBodySchema,
    response: z.object({ checkoutId: z.string(), paymentUrl: z.url({ protocol: /^https?$/ }) }),
    successStatus: 201,
  }),
};
