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
  it('moves forward and to Cancelled before dispatch', () => {
    expect(decideState('Received', 'Confirmed')).toEqual({ move: true, record: true });
    expect(decideState('Received', 'Dispatched')).toEqual({ move: true, record: true });
    expect(decideState('ProductionCompleted', 'Cancelled')).toEqual({ move: true, record: true });
  });

  it('records late states without moving back, and never changes a final state', () => {
    expect(decideState('ProductionStarted', 'Confirmed')).toEqual({ move: false, record: true });
    expect(decideState('Dispatched', 'Confirmed')).toEqual({ move: false, record: true });
    expect(decideState('Dispatched', 'Cancelled')).toEqual({ move: false, record: false });
    expect(decideState('Cancelled', 'Dispatched')).toEqual({ move: false, record: false });
    expect(decideState('Cancelled', 'Received')).toEqual({ move: false, record: true });
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
