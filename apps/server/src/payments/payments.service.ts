import type { Money } from '@photo/contracts/merchandise';
import type { Clock } from '../platform/clock';
import { notFound, paymentsUnavailable } from '../platform/errors';
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
 * What a part of the product does with its payments (an order, a saved payment method). Called on
 * every return of the browser once the provider has answered, after a charge of a saved method and by
 * the reconcile job, so it must be idempotent; answers the path (of this origin) the browser goes to next.
 */
export interface PaymentPurpose {
  afterPayment(payment: PaymentRecord): Promise<string>;
}

interface PaymentInput {
  customerId: string;
  /** A registered purpose's name, e.g. 'order'. */
  purpose: string;
  /** The purpose's own id for what is paid (an order code): handed back in `afterPayment`. */
  reference: string;
  amount: Money;
  description: string;
}

export interface StartPayment extends PaymentInput {
  origin: string;
  locale: string;
  /** The customer agrees that the provider keeps the method for later charges (its mandate). */
  saveMethod?: boolean;
}

export interface ChargeMandate extends PaymentInput {
  mandate: string;
}

/**
 * The product's side of paying (decision 086): records each attempt, sends the customer to the
 * provider's page or charges a saved mandate, and settles a payment only with the provider's own
 * answer, which it hands to the purpose that started it. One provider at a time, chosen in `app.ts`;
 * without one (no provider set up), nothing can be paid and `available` is false.
 */
export function createPaymentsService(deps: {
  payments: PaymentsRepository;
  provider: PaymentProvider | undefined;
  clock: Clock;
}) {
  const { payments } = deps;
  const purposes = new Map<string, PaymentPurpose>();

  const providerOrRefuse = () => {
    if (!deps.provider) throw paymentsUnavailable();
    return deps.provider;
  };

  /** The provider's word settles a pending payment; what is stored wins over a concurrent settle. */
  const settleWithProvider = async (payment: PaymentRecord): Promise<PaymentRecord> => {
    if (payment.status !== 'pending' || !payment.providerReference) return payment;
    const answer = await providerOrRefuse().fetchStatus(payment.providerReference);
    if (answer.outcome === 'pending') return payment;
    await payments.settle(payment.id, answer.outcome, answer.mandate);
    return (await payments.findOwned(payment.customerId, payment.id)) ?? payment;
  };

  const purposeOf = (payment: PaymentRecord) => {
    const purpose = purposes.get(payment.purpose);
    if (!purpose) throw notFound('Payment not found');
    return purpose;
  };

  const record = async (input: PaymentInput, provider: PaymentProvider) => {
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
    return id;
  };

  /**
   * A customer who paid and closed the browser before coming back, or a direct debit that cleared
   * days later: the provider has settled the payment, so its purpose runs now. Each payment is tried;
   * the job fails afterwards when one did, so it is retried.
   */
  const reconcilePending = async () => {
    if (!deps.provider) return;
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
    /** Whether anything can be paid here: a provider is set up. */
    available: deps.provider !== undefined,

    registerPurpose(name: string, purpose: PaymentPurpose): void {
      if (purposes.has(name)) throw new Error(`Payment purpose ${name} is registered twice`);
      purposes.set(name, purpose);
    },

    /** Opens a payment on the provider's page; the caller sends the browser to `redirectUrl`. */
    async start(input: StartPayment): Promise<{ paymentId: string; redirectUrl: string }> {
      const provider = providerOrRefuse();
      const id = await record(input, provider);
      const session = await provider.createSession({
        paymentId: id,
        amount: input.amount,
        description: input.description,
        returnUrl: `${input.origin}${paymentReturnPath(id)}`,
        origin: input.origin,
        locale: input.locale,
        saveMethod: input.saveMethod ?? false,
      });
      await payments.setProviderReference(id, session.providerReference);
      return { paymentId: id, redirectUrl: session.redirectUrl };
    },

    /**
     * Charges a saved method without the customer; the provider's answer settles the payment (a card at
     * once, a direct debit maybe days later, through the reconcile job) and the purpose says where next.
     */
    async chargeMandate(input: ChargeMandate): Promise<{ payment: PaymentRecord; next: string }> {
      const provider = providerOrRefuse();
      const id = await record(input, provider);
      const charge = await provider.chargeMandate({
        paymentId: id,
        amount: input.amount,
        description: input.description,
        mandate: input.mandate,
      });
      await payments.setProviderReference(id, charge.providerReference);
      if (charge.status.outcome !== 'pending') await payments.settle(id, charge.status.outcome, undefined);
      const payment = (await payments.findOwned(input.customerId, id))!;
      return { payment, next: await purposeOf(payment).afterPayment(payment) };
    },

    /** The browser came back: the provider's word settles the payment, the purpose says where next. */
    async returnFrom(customerId: string, paymentId: string): Promise<string> {
      const found = isUuid(paymentId) ? await payments.findOwned(customerId, paymentId) : undefined;
      if (!found?.providerReference) throw notFound('Payment not found');
      const payment = await settleWithProvider(found);
      return purposeOf(payment).afterPayment(payment);
    },

    /** The latest payment for a purpose's reference, as the provider now sees it (undefined: none yet). */
    async latestFor(
      customerId: string,
      purpose: string,
      reference: string,
    ): Promise<PaymentRecord | undefined> {
      const latest = await payments.latestFor(customerId, purpose, reference);
      return latest && deps.provider ? settleWithProvider(latest) : latest;
    },

    reconcilePending,

    background: {
      handlers: { [PAYMENTS_RECONCILE_JOB]: reconcilePending },
      schedules: [{ name: PAYMENTS_RECONCILE_JOB, kind: PAYMENTS_RECONCILE_JOB, everySeconds: 15 * 60 }],
    } satisfies BackgroundWork,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
