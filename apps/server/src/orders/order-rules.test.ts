import type { InternalOrderState } from '@photo/contracts/orders';
import { describe, expect, it } from 'vitest';
import { canChangeDeliveryAddress, decideState, isInProgress } from './order-rules';

const now = new Date('2026-11-24T12:00:00.000Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs);

describe('the in-progress rule (docs/product/limits.md)', () => {
  it('keeps an order created exactly 30 days ago in progress, and moves it out a millisecond later', () => {
    expect(isInProgress({ createdAt: daysAgo(30), state: 'Confirmed', paymentChangedAt: null }, now)).toBe(
      true,
    );
    expect(isInProgress({ createdAt: daysAgo(30, 1), state: 'Confirmed', paymentChangedAt: null }, now)).toBe(
      false,
    );
  });

  it('moves a dispatched order out once its payment changed more than 14 days ago', () => {
    const dispatched = { createdAt: daysAgo(20), state: 'Dispatched' as const };
    expect(isInProgress({ ...dispatched, paymentChangedAt: daysAgo(14) }, now)).toBe(true);
    expect(isInProgress({ ...dispatched, paymentChangedAt: daysAgo(14, 1) }, now)).toBe(false);
    expect(isInProgress({ ...dispatched, paymentChangedAt: null }, now)).toBe(true);
  });

  it('does not apply the payment edge to orders that are not dispatched', () => {
    expect(
      isInProgress(
        { createdAt: daysAgo(20), state: 'ProductionStarted', paymentChangedAt: daysAgo(19) },
        now,
      ),
    ).toBe(true);
  });
});

describe('order states only move forward', () => {
  const noon = new Date('2026-11-02T12:00:00Z');
  const at = (state: InternalOrderState, hour: number) => ({
    state,
    at: new Date(`2026-11-02T${String(hour).padStart(2, '0')}:00:00Z`),
  });
  const decide = (state: InternalOrderState, reported: { state: InternalOrderState; at: Date }) =>
    decideState({ state, since: noon }, reported);

  it('moves forward and to Cancelled before dispatch', () => {
    expect(decide('Received', at('Confirmed', 13))).toEqual({ move: true, applied: true });
    expect(decide('Received', at('Dispatched', 13))).toEqual({ move: true, applied: true });
    expect(decide('ProductionCompleted', at('Cancelled', 13))).toEqual({ move: true, applied: true });
  });

  it('takes a late step into the story only when it happened before the state the order is in', () => {
    expect(decide('ProductionStarted', at('Confirmed', 11))).toEqual({ move: false, applied: true });
    expect(decide('Dispatched', at('Confirmed', 11))).toEqual({ move: false, applied: true });
    expect(decide('ProductionStarted', at('Confirmed', 13))).toEqual({ move: false, applied: false });
    // Cancelled at 12:00, production reported to have started at 13:00: it did not.
    expect(decide('Cancelled', at('ProductionStarted', 13))).toEqual({ move: false, applied: false });
    expect(decide('Dispatched', at('Cancelled', 13))).toEqual({ move: false, applied: false });
    expect(decide('Cancelled', at('Dispatched', 11))).toEqual({ move: false, applied: false });
  });
});

describe('delivery address changes', () => {
  it('are possible for Home delivery until production starts', () => {
    expect(canChangeDeliveryAddress('Home', ['Received', 'Confirmed'])).toBe(true);
    expect(canChangeDeliveryAddress('Home', ['Confirmed', 'ProductionStarted'])).toBe(false);
    expect(canChangeDeliveryAddress('PickupPoint', ['Received'])).toBe(false);
    expect(canChangeDeliveryAddress('Home', ['Cancelled'])).toBe(false);
  });
});
