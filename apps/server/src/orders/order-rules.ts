import { IN_PROGRESS_DAYS, type InternalOrderState } from '@photo/contracts/orders';

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/product/limits.md: in progress while created within IN_PROGRESS_DAYS, unless dispatched and paid more than this many days ago. */
export const DISPATCHED_PAID_DAYS = 14;
/** Decision 081: an order never paid is expired (left out by OrderState=notExpired) after this many days. */
export const UNPAID_EXPIRY_DAYS = 30;

/**
 * docs/product/limits.md, the one place of the in-progress rule: created within 30 days, excluding dispatched orders
 * whose payment changed more than 14 days ago. Both edges count as in progress.
 */
export function isInProgress(
  order: { createdAt: Date; state: InternalOrderState; paymentChangedAt: Date | null },
  now: Date,
): boolean {
  if (now.getTime() - order.createdAt.getTime() > IN_PROGRESS_DAYS * DAY_MS) return false;
  if (
    order.state === 'Dispatched' &&
    order.paymentChangedAt !== null &&
    now.getTime() - order.paymentChangedAt.getTime() > DISPATCHED_PAID_DAYS * DAY_MS
  ) {
    return false;
  }
  return true;
}

/** The moment before which a never-paid order counts as expired. */
export const unpaidExpirySince = (now: Date) => new Date(now.getTime() - UNPAID_EXPIRY_DAYS * DAY_MS);

const rank: Record<InternalOrderState, number> = {
  Received: 0,
  Confirmed: 1,
  ProductionStarted: 2,
  ProductionCompleted: 3,
  Dispatched: 4,
  Cancelled: 5,
};

const isFinal = (state: InternalOrderState) => state === 'Dispatched' || state === 'Cancelled';

export interface StateDecision {
  /** The order moves to the reported state. */
  move: boolean;
  /**
   * The report is part of the order's story, shown to the customer: it moved the order, or it is a
   * step before the order's state that happened before the order reached that state (reported late).
   * Any other report is kept as rejected, for the shop's history call only.
   */
  applied: boolean;
}

/**
 * An order only moves forward: Received → Confirmed → ProductionStarted → ProductionCompleted →
 * Dispatched, or to Cancelled from any state before Dispatched. A report of a state the order has
 * passed (late, out of order, or repeated) never moves it back.
 */
export function decideState(
  current: { state: InternalOrderState; since: Date },
  reported: { state: InternalOrderState; at: Date },
): StateDecision {
  const fitsBefore =
    !isFinal(reported.state) &&
    rank[reported.state] < rank[current.state] &&
    reported.at.getTime() <= current.since.getTime();
  if (reported.state === current.state) return { move: false, applied: true };
  if (isFinal(current.state)) return { move: false, applied: fitsBefore };
  if (reported.state === 'Cancelled' || rank[reported.state] > rank[current.state]) {
    return { move: true, applied: true };
  }
  return { move: false, applied: fitsBefore };
}

/** The delivery address can change until production starts, for Home delivery only (docs/product/states.md). */
export function canChangeDeliveryAddress(
  deliveryType: 'Home' | 'PickupPoint',
  states: InternalOrderState[],
): boolean {
  return (
    deliveryType === 'Home' &&
    states.some((state) => state !== 'Cancelled') &&
    states.every((state) => state === 'Received' || state === 'Confirmed' || state === 'Cancelled')
  );
}

/**
 * 'Pay now' and 'Cancel order' (issue 20): while every live order of a super order awaits its payment
 * (the shop has not confirmed any) and the payment window of decision 081 is open. Once it closes the
 * order is expired: the shop no longer holds it for the customer.
 */
export function awaitsPayment(
  orders: Array<{ createdAt: Date; state: InternalOrderState; paymentStatus: string }>,
  now: Date,
): boolean {
  const live = orders.filter((order) => order.state !== 'Cancelled');
  return (
    live.length > 0 &&
    live.every((order) => order.state === 'Received' && order.paymentStatus !== 'paymentSuccess') &&
    live.every((order) => order.createdAt.getTime() > unpaidExpirySince(now).getTime())
  );
}
