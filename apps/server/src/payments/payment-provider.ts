import type { Money } from '@photo/contracts/merchandise';

/** What a provider says became of a payment. */
export type PaymentOutcome = 'pending' | 'paid' | 'failed';

export interface PaymentSessionRequest {
  /** Our payment id; the provider sends the browser back to `returnUrl` with nothing else trusted. */
  paymentId: string;
  /** Zero when a payment method is only being saved (no charge). */
  amount: Money;
  /** One line the customer sees on the provider's page, already in their language. */
  description: string;
  returnUrl: string;
  /** The storefront origin and locale the customer is on (a hosted page shows its texts in it). */
  origin: string;
  locale: string;
}

/**
 * A payment provider as the account area uses one (decision 086): it hosts the page where the customer
 * pays, so no card data ever reaches this product. Two calls, the shape of every hosted checkout
 * (Adyen, Mollie, Stripe Checkout): open a session and send the browser there; when the browser comes
 * back, ask the provider (never the browser's address) what happened.
 */
export interface PaymentProvider {
  readonly name: string;
  createSession(request: PaymentSessionRequest): Promise<{ providerReference: string; redirectUrl: string }>;
  fetchOutcome(providerReference: string): Promise<PaymentOutcome>;
}
