import type { PaymentMethodId, PaymentMethods } from '@photo/contracts/payment-methods';
import type { Caller } from '../platform/caller';
import { invalid } from '../platform/errors';
import type { PaymentRecord } from '../payments/payments.repository';
import type { PaymentsService } from '../payments/payments.service';
import type { ResolvedStorefront, StorefrontContext } from '../storefronts/storefronts';
import type { PaymentMethodsRepository } from './payment-methods.repository';

export const SAVE_PAYMENT_METHOD_PURPOSE = 'save-payment-method';
export const PAYMENT_METHOD_PAGE_PATH = '/settings/payment-method';

/** Methods whose details the provider keeps: saved on its hosted page with amount 0 (decision 105). */
const methodsSavedAtProvider: ReadonlySet<PaymentMethodId> = new Set(['card', 'sepaDirectDebit']);

/** A storefront's methods, its local one first; SEPA where prices are in euro. */
export function storefrontMethods(storefrontId: string, currency: string): PaymentMethodId[] {
  const local: PaymentMethodId[] =
    storefrontId === 'nl' ? ['ideal'] : storefrontId === 'be' ? ['bancontact'] : [];
  return [...local, 'card', 'paypal', ...(currency === 'EUR' ? (['sepaDirectDebit'] as const) : [])];
}

export function createPaymentMethodsService(deps: {
  paymentMethods: PaymentMethodsRepository;
  payments: PaymentsService;
}) {
  const { paymentMethods, payments } = deps;

  payments.registerPurpose(SAVE_PAYMENT_METHOD_PURPOSE, {
    async afterPayment(payment: PaymentRecord) {
      // Idempotent: every return of a paid (zero) payment stores the same method and mandate again.
      if (payment.status === 'paid') {
        await paymentMethods.save(
          payment.customerId,
          payment.reference as PaymentMethodId,
          payment.mandate ? { provider: payment.provider, mandate: payment.mandate } : undefined,
        );
      }
      return PAYMENT_METHOD_PAGE_PATH;
    },
  });

  const available = async (caller: Caller, storefront: ResolvedStorefront): Promise<PaymentMethodId[]> => {
    const methods = storefrontMethods(storefront.storefront.id, storefront.storefront.currency);
    return (await paymentMethods.isApprovedB2B(caller.customerId)) ? [...methods, 'invoice'] : methods;
  };

  return {
    async mine(caller: Caller, storefront: ResolvedStorefront): Promise<PaymentMethods> {
      return {
        available: await available(caller, storefront),
        preferred: await paymentMethods.preferredOf(caller.customerId),
      };
    },

    async save(
      caller: Caller,
      context: StorefrontContext,
      method: PaymentMethodId,
    ): Promise<{ preferred: PaymentMethodId | null; redirectUrl?: string }> {
      if (!(await available(caller, context.storefront)).includes(method)) {
        throw invalid('method', 'This payment method is not offered here');
      }
      if (!methodsSavedAtProvider.has(method)) {
        await paymentMethods.save(caller.customerId, method);
        return { preferred: method };
      }
      const started = await payments.start({
        customerId: caller.customerId,
        purpose: SAVE_PAYMENT_METHOD_PURPOSE,
        reference: method,
        amount: { amountMinor: 0, currency: context.storefront.storefront.currency },
        description: context.storefront.storefront.vendor,
        origin: context.storefront.origin,
        locale: context.locale,
        saveMethod: true,
      });
      return {
        preferred: await paymentMethods.preferredOf(caller.customerId),
        redirectUrl: started.redirectUrl,
      };
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
