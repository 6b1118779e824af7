import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';

/** Every method a storefront may offer for future orders (decision 105). */
export const paymentMethodIds = [
  'ideal',
  'bancontact',
  'card',
  'paypal',
  'sepaDirectDebit',
  'invoice',
] as const;
export const PaymentMethodIdSchema = z.enum(paymentMethodIds);
export type PaymentMethodId = z.infer<typeof PaymentMethodIdSchema>;

export const PaymentMethodsSchema = z.object({
  /** The storefront's methods this customer may choose, in the storefront's order. */
  available: z.array(PaymentMethodIdSchema),
  preferred: z.nullable(PaymentMethodIdSchema),
});
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

export const SavePaymentMethodResultSchema = z.object({
  preferred: z.nullable(PaymentMethodIdSchema),
  /** Set when the method is saved on the provider's hosted page first (card, SEPA): send the browser there. */
  redirectUrl: z.optional(z.string()),
});

/** The signed-in customer's preferred payment method for future orders. */
export const paymentMethodsApi = {
  mine: defineEndpoint({
    service: 'customers',
    method: 'GET',
    path: '/customers/me/payment-method',
    response: PaymentMethodsSchema,
  }),
  save: defineEndpoint({
    service: 'customers',
    method: 'PUT',
    path: '/customers/me/payment-method',
    body: z.object({ method: PaymentMethodIdSchema }),
    response: SavePaymentMethodResultSchema,
  }),
};
