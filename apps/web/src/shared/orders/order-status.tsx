import type { ExternalOrderStatus, PaymentStatus, ProcessingStatus } from '@photo/contracts/orders';
import { useT } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';
import './order-status.css';

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

/** docs/product/states.md: the shop's processing status strings. */
export const processingText: Record<ProcessingStatus, MessageId> = {
  'verification failed': 'orders.processing.verificationFailed',
  processing: 'orders.processing.processing',
  'processing failed': 'orders.processing.processingFailed',
  approved: 'orders.processing.approved',
  rejected: 'orders.processing.rejected',
  on_hold: 'orders.processing.onHold',
  producing: 'orders.processing.producing',
  delayed: 'orders.processing.delayed',
  shipped: 'orders.processing.shipped',
  cancelled: 'orders.processing.cancelled',
};

/** docs/product/states.md: every status in cyan, Cancelled in red. */
export function StatusBadge({ status }: { status: ExternalOrderStatus }) {
  const t = useT();
  return (
    <span className={`order-badge order-badge--${status === 'Cancelled' ? 'cancelled' : 'active'}`}>
      {t(statusText[status])}
    </span>
  );
}
