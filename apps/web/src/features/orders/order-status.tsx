import type { ExternalOrderStatus, PaymentStatus } from '@photo/contracts/orders';
import { useI18n, useT } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';

export const statusText: Record<ExternalOrderStatus, MessageId> = {
  AwaitingPayment: 'orders.status.awaitingPayment',
  Ordered: 'orders.status.ordered',
  InProduction: 'orders.status.inProduction',
  Sent: 'orders.status.sent',
  Cancelled: 'orders.status.cancelled',
};

export const paymentText: Record<PaymentStatus, MessageId> = {
  paymentPending: 'orders.payment.pending',
  paymentFailed: 'orders.payment.failed',
  paymentSuccess: 'orders.payment.success',
  paymentFree: 'orders.payment.free',
};

/** Spec 4: every status in cyan, Cancelled in red. */
export function StatusBadge({ status }: { status: ExternalOrderStatus }) {
  const t = useT();
  return (
    <span className={`order-badge order-badge--${status === 'Cancelled' ? 'cancelled' : 'active'}`}>
      {t(statusText[status])}
    </span>
  );
}

/** Minor units (cents) in the order's currency, in the customer's number format. */
export function useFormatPrice(): (minorUnits: number, currency: string) => string {
  const { formatNumber } = useI18n();
  return (minorUnits, currency) => formatNumber(minorUnits / 100, { style: 'currency', currency });
}
