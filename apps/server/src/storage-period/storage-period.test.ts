import { describe, expect, it } from 'vitest';
import { addMonths, projectedDeletionDate, storageStanding } from './storage-period';

const at = (iso: string) => new Date(iso);

describe('the storage period', () => {
  it('runs 18 months from the last order, or from registration without orders', () => {
    const registered = at('2024-01-10T09:00:00Z');
    expect(projectedDeletionDate(null, registered).toISOString()).toBe('2025-07-10T09:00:00.000Z');
    expect(projectedDeletionDate(at('2025-03-05T12:00:00Z'), registered).toISOString()).toBe(
      '2026-09-05T12:00:00.000Z',
    );
  });

  it('clamps to the end of a shorter month', () => {
    expect(addMonths(at('2024-08-31T00:00:00Z'), 18).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(at('2022-08-31T00:00:00Z'), 18).toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('is safe from 3 whole months left, warning at 1 and 2, critical under 1', () => {
    const deletion = at('2026-06-15T10:00:00Z');
    expect(storageStanding(deletion, at('2026-03-15T10:00:00Z'))).toEqual({
      daysRemaining: 92,
      monthsRemaining: 3,
      status: 'safe',
    });
    expect(storageStanding(deletion, at('2026-03-15T10:00:01Z')).status).toBe('warning');
    expect(storageStanding(deletion, at('2026-03-15T10:00:01Z')).monthsRemaining).toBe(2);
    expect(storageStanding(deletion, at('2026-05-15T10:00:00Z'))).toMatchObject({
      monthsRemaining: 1,
      status: 'warning',
    });
    expect(storageStanding(deletion, at('2026-05-15T10:00:01Z'))).toEqual({
      daysRemaining: 30,
      monthsRemaining: 0,
      status: 'critical',
    });
  });

  it('counts whole days: 1 is tomorrow, 0 today, and never below 0', () => {
    const deletion = at('2026-06-15T10:00:00Z');
    expect(storageStanding(deletion, at('2026-06-14T09:00:00Z')).daysRemaining).toBe(1);
    expect(storageStanding(deletion, at('2026-06-14T10:00:01Z')).daysRemaining).toBe(0);
    expect(storageStanding(deletion, at('2026-07-01T00:00:00Z'))).toEqual({
      daysRemaining: 0,
      monthsRemaining: 0,
      status: 'critical',
    });
  });
});
