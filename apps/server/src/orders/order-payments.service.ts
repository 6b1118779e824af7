import {
  orderPaymentFailedPath,
  orderPlacedPath,
  type ContinueTo,
  type ExternalOrderStatus,
} from '@photo/contracts/orders';
import type { PaymentRecord } from '../payments/payments.repository';
import type { PaymentsService } from '../payments/payments.service';
import type { SavedPaymentMethod } from '../payment-methods/payment-methods.repository';
import type { Caller } from '../platform/caller';
import type { Clock } from '../platform/clock';
import { conflict, notFound } from '../platform/errors';
import type { OrderIntakeService } from './order-intake.service';
import type { StorefrontContext } from '../storefronts/storefronts';
import type { OrderMails } from './order-mails';
import { awaitsPayment } from './order-rules';
import type { OrderRecord, OrdersRepository } from './orders.repository';

/** The purpose of a payment of a super order placed here or by the shop: its reference is the order code. */
export const ORDER_PAYMENT_PURPOSE = 'order';

const live = (orders: OrderRecord[]) => orders.filter((order) => order.state !== 'Cancelled');

/**
 * Paying for an order (issue 20): 'Pay now' of an order awaiting payment, the payment of a reorder
 * (the saved method charged, the provider's page, or the invoice of an approved business), and
 * 'Cancel order' while nothing is paid. Only the provider's answer confirms an order; the shop's own
 * writes (`putState`, `putPayment`) move it, exactly as when the shop reports a payment.
 */
export function createOrderPaymentsService(deps: {
  orders: OrdersRepository;
  shop: Pick<OrderIntakeService, 'putState' | 'putPayment'>;
  payments: PaymentsService;
  mails: OrderMails;
  clock: Clock;
}) {
  const { orders: repository, shop, payments, clock } = deps;

  const ownOrder = async (customerId: string, code: string) => {
    const superOrder = await repository.findSuperOrder(customerId, code);
    if (!superOrder) throw notFound('Order not found');
    const orders = await repository.ordersOf(customerId, [code]);
    return { superOrder, orders };
  };

  /** What the order costs: its live orders' products and the delivery. */
  const amountOf = async (customerId: string, code: string) => {
    const { superOrder, orders } = await ownOrder(customerId, code);
    const products = await repository.productsOf(live(orders).map((order) => order.id));
    const amountMinor = products.reduce(
      (sum, product) => sum + product.quantity * product.unitPrice,
      superOrder.deliveryPrice,
    );
    return { amountMinor, currency: superOrder.currency };
  };

  const confirmPaid = async (customerId: string, code: string) => {
    const at = clock.now().toISOString();
    const { orders } = await ownOrder(customerId, code);
    for (const order of live(orders)) {
      await shop.putPayment(order.id, 'paymentSuccess', at);
      await shop.putState(order.id, 'Confirmed', at);
    }
    await deps.mails.paid(code);
  };

  payments.registerPurpose(ORDER_PAYMENT_PURPOSE, {
    async afterPayment(payment: PaymentRecord) {
      const code = payment.reference;
      if (payment.status === 'paid') {
        await confirmPaid(payment.customerId, code);
        return orderPlacedPath(code);
      }
      // A direct debit may clear days later: the thank-you page says the payment is on its way.
      if (payment.status === 'pending') return orderPlacedPath(code);
      const at = clock.now().toISOString();
      const { orders } = await ownOrder(payment.customerId, code);
      for (const order of live(orders))
        if (order.paymentStatus === 'paymentPending') await shop.putPayment(order.id, 'paymentFailed', at);
      return orderPaymentFailedPath(code);
    },
  });

  const startOnProviderPage = async (caller: Caller, code: string, context: StorefrontContext) => {
    const started = await payments.start({
      customerId: caller.customerId,
      purpose: ORDER_PAYMENT_PURPOSE,
      reference: code,
      amount: await amountOf(caller.customerId, code),
      description: `${context.storefront.storefront.vendor} ${code}`,
      origin: context.storefront.origin,
      locale: context.locale,
    });
    return { orderCode: code, continueTo: started.redirectUrl };
  };

  /** A payment already made or still open at the provider: the order is not to be paid (or cancelled) again. */
  const settledOrOpen = async (customerId: string, code: string) => {
    const latest = await payments.latestFor(customerId, ORDER_PAYMENT_PURPOSE, code);
    if (latest?.status === 'paid') {
      // The provider said paid but the order did not move (a crash in between): move it now.
      await confirmPaid(customerId, code);
      throw conflict('This order is paid');
    }
    return latest?.status === 'pending';
  };

  return {
    /** Whether the caller's super order can be paid here now: it awaits payment and a provider is set up. */
    canPay: (orders: OrderRecord[], now: Date) => payments.available && awaitsPayment(orders, now),
    canCancel: (orders: OrderRecord[], now: Date) => awaitsPayment(orders, now),

    /** 'Pay now': the order's payment on the provider's page. */
    async payNow(caller: Caller, code: string, context: StorefrontContext): Promise<ContinueTo> {
      const { orders } = await ownOrder(caller.customerId, code);
      if (!awaitsPayment(orders, clock.now())) throw conflict('This order does not await a payment');
      await settledOrOpen(caller.customerId, code);
      return startOnProviderPage(caller, code, context);
    },

    /**
     * The payment of an order just placed here (a reorder): the saved method when the provider holds
     * it, the invoice when an approved business chose it, otherwise the provider's page.
     */
    async payPlaced(
      caller: Caller,
      code: string,
      context: StorefrontContext,
      saved: SavedPaymentMethod | null,
    ): Promise<ContinueTo> {
      if (saved?.method === 'invoice') {
        // Paid later on the invoice, by bank transfer: the shop confirms a business's order at once.
        const at = clock.now().toISOString();
        const { orders } = await ownOrder(caller.customerId, code);
        for (const order of live(orders)) await shop.putState(order.id, 'Confirmed', at);
        return { orderCode: code, continueTo: orderPlacedPath(code) };
      }
      if (saved?.mandate) {
        const charged = await payments.chargeMandate({
          customerId: caller.customerId,
          purpose: ORDER_PAYMENT_PURPOSE,
          reference: code,
          amount: await amountOf(caller.customerId, code),
          description: `${context.storefront.storefront.vendor} ${code}`,
          mandate: saved.mandate,
        });
        return { orderCode: code, continueTo: charged.next };
      }
      return startOnProviderPage(caller, code, context);
    },

    /** 'Cancel order': only while it awaits payment and no payment of it is open at the provider. */
    async cancel(caller: Caller, code: string): Promise<{ orderCode: string; status: ExternalOrderStatus }> {
      const { orders } = await ownOrder(caller.customerId, code);
      if (!awaitsPayment(orders, clock.now())) throw conflict('This order can no longer be cancelled');
      if (await settledOrOpen(caller.customerId, code))
        throw conflict('A payment of this order is still open: it cannot be cancelled now');
      const at = clock.now().toISOString();
      for (const order of live(orders)) await shop.putState(order.id, 'Cancelled', at);
      return { orderCode: code, status: 'Cancelled' };
    },
  };
}

export type OrderPaymentsService = ReturnType<typeof createOrderPaymentsService>;
