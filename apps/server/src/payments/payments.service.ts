import type { Money } from '@photo/contracts/merchandise';
import { notFound } from '../platform/errors';
import { isUuid, uuidv7 } from '../platform/uuid';
import type { PaymentProvider } from './payment-provider';
import type { PaymentRecord, PaymentsRepository } from './payments.repository';

/** Where the provider sends the customer's browser back to; `:paymentId` is ours. */
export const paymentReturnPath = (paymentId: string) => `/payments/return/${paymentId}`;

/**
 * What a part of the product does with its payments (a prints order, a saved payment method). Called
 * on every return of the browser once the provider has answered, so it must be idempotent; answers the
 * path (of this origin) the browser goes to next.
 */
export interface PaymentPurpose {
  afterPayment(payment: PaymentRecord): Promise<string>;
}

export interface StartPayment {
  customerId: string;
  /** A registered purpose's name, e.g. 'prints-order'. */
  purpose: string;
  /** The purpose's own id for what is paid (a checkout id): handed back in `afterPayment`. */
  reference: string;
  amount: Money;
  description: string;
  origin: string;
  locale: string;
}

/**
 * The product's side of paying (decision 086): records each attempt, sends the customer to the
 * provider's page, and on the way back asks the provider for the outcome and hands it to the purpose
 * that started it. One provider at a time, chosen in `app.ts`; the local test provider by default.
 */
export function createPaymentsService(deps: { payments: PaymentsRepository; provider: PaymentProvider }) {
  const { payments, provider } = deps;
  const purposes = new Map<string, PaymentPurpose>();

  return {
    registerPurpose(name: string, purpose: PaymentPurpose): void {
      if (purposes.has(name)) throw new Error(`Payment purpose ${name} is registered twice`);
      purposes.set(name, purpose);
    },

    /** Opens a payment; the caller sends the browser to `redirectUrl`. */
    async start(input: StartPayment): Promise<{ paymentId: string; redirectUrl: string }> {
      if (!purposes.has(input.purpose)) throw new Error(`Unknown payment purpose ${input.purpose}`);
      const id = uuidv7();
      await payments.insert({
        id,
        customerId: input.customerId,
        purpose: input.purpose,
        reference: input.reference,
        amountMinor: input.amount.amountMinor,
        currency: input.amount.currency,
        provider: provider.name,
      });
      const session = await provider.createSession({
        paymentId: id,
        amount: input.amount,
        description: input.description,
        returnUrl: `${input.origin}${paymentReturnPath(id)}`,
        origin: input.origin,
        locale: input.locale,
      });
      await payments.setProviderReference(id, session.providerReference);
      return { paymentId: id, redirectUrl: session.redirectUrl };
    },

    /** The browser came back: the provider's word settles the payment, the purpose says where next. */
    async returnFrom(customerId: string, paymentId: string): Promise<string> {
      let payment = isUuid(paymentId) ? await payments.findOwned(customerId, paymentId) : undefined;
      if (!payment?.providerReference) throw notFound('Payment not found');
      if (payment.status === 'pending') {
        const outcome = await provider.fetchOutcome(payment.providerReference);
        if (outcome !== 'pending') {
          await payments.settle(payment.id, outcome);
          // Another return may have settled it first: what is stored wins.
          payment = (await payments.findOwned(customerId, paymentId)) ?? payment;
        }
      }
      const purpose = purposes.get(payment.purpose);
      if (!purpose) throw notFound('Payment not found');
      return purpose.afterPayment(payment);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
