import type { Money } from '@photo/contracts/merchandise';
import type { Clock } from '../platform/clock';
import { notFound } from '../platform/errors';
import type { BackgroundWork } from '../platform/job-queue';
import { isUuid, uuidv7 } from '../platform/uuid';
import type { PaymentProvider } from './payment-provider';
import type { PaymentRecord, PaymentsRepository } from './payments.repository';

export const PAYMENTS_RECONCILE_JOB = 'payments.reconcile';
/** A payment still pending this long after it was opened is asked about without waiting for the browser. */
const RECONCILE_AFTER_MS = 15 * 60 * 1000;

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
export function createPaymentsService(deps: {
  payments: PaymentsRepository;
  provider: PaymentProvider;
  clock: Clock;
}) {
  const { payments, provider } = deps;
  const purposes = new Map<string, PaymentPurpose>();

  /** The provider's word settles a pending payment; what is stored wins over a concurrent settle. */
  const settleWithProvider = async (payment: PaymentRecord): Promise<PaymentRecord> => {
    if (payment.status !== 'pending' || !payment.providerReference) return payment;
    const outcome = await provider.fetchOutcome(payment.providerReference);
    if (outcome === 'pending') return payment;
    await payments.settle(payment.id, outcome);
    return (await payments.findOwned(payment.customerId, payment.id)) ?? payment;
  };

  /**
   * A customer who paid and closed the browser before coming back: the provider has settled the
   * payment, so its purpose runs now (a paid prints checkout becomes its order). Each payment is
   * tried; the job fails afterwards when one did, so it is retried.
   */
  const reconcilePending = async () => {
    const stale = await payments.pendingBefore(
      new Date(deps.clock.now().getTime() - RECONCILE_AFTER_MS),
      100,
    );
    const failures: unknown[] = [];
    for (const pending of stale) {
      try {
        const payment = await settleWithProvider(pending);
        const purpose = purposes.get(payment.purpose);
        if (payment.status !== 'pending' && purpose) await purpose.afterPayment(payment);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} payments not reconciled`);
  };

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
      const found = isUuid(paymentId) ? await payments.findOwned(customerId, paymentId) : undefined;
      if (!found?.providerReference) throw notFound('Payment not found');
      const payment = await settleWithProvider(found);
      const purpose = purposes.get(payment.purpose);
      if (!purpose) throw notFound('Payment not found');
      return purpose.afterPayment(payment);
    },

    reconcilePending,

    background: {
      handlers: { [PAYMENTS_RECONCILE_JOB]: reconcilePending },
      schedules: [{ name: PAYMENTS_RECONCILE_JOB, kind: PAYMENTS_RECONCILE_JOB, everySeconds: 15 * 60 }],
    } satisfies BackgroundWork,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
