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
  /** The customer agrees to later charges without them (a 'first' payment): the provider keeps a mandate. */
  saveMethod?: boolean;
}

/** The provider's answer about one payment; a settled payment that saved a method carries its mandate. */
export interface ProviderPaymentStatus {
  outcome: PaymentOutcome;
  mandate?: string | undefined;
}

export interface MandateChargeRequest {
  paymentId: string;
  amount: Money;
  description: string;
  /** What the provider answered when the method was saved. */
  mandate: string;
}

/**
 * A payment provider as the account area uses one (decision 086): it hosts the page where the customer
 * pays, so no card data ever reaches this product. The shape of every hosted checkout (Adyen, Mollie,
 * Stripe Checkout): open a session and send the browser there; when the browser comes back, ask the
 * provider (never the browser's address) what happened; charge a saved mandate without the customer.
 */
export interface PaymentProvider {
  readonly name: string;
  createSession(request: PaymentSessionRequest): Promise<{ providerReference: string; redirectUrl: string }>;
  fetchStatus(providerReference: string): Promise<ProviderPaymentStatus>;
  /** A charge of a saved method: its outcome may be final at once (card) or pending for days (SEPA). */
  chargeMandate(
    request: MandateChargeRequest,
  ): Promise<{ providerReference: string; status: ProviderPaymentStatus }>;
}
