import {
  STORAGE_PERIOD_MONTHS,
  STORAGE_SAFE_MONTHS,
  STORAGE_WARNING_MONTHS,
  type StorageStatus,
} from '@photo/contracts/storage-period';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `months` calendar months later (UTC); the 31st of August plus 6 months is the last day of February. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** docs/product/overview.md, limits.md: kept 18 months after the last order, or after registration when there is none. */
export function projectedDeletionDate(lastOrderDate: Date | null, registrationDate: Date): Date {
  const start = lastOrderDate && lastOrderDate > registrationDate ? lastOrderDate : registrationDate;
  return addMonths(start, STORAGE_PERIOD_MONTHS);
}

/** Whole calendar months from `now` until `until` (0 when less than one is left). */
export function wholeMonthsBetween(now: Date, until: Date): number {
  if (until <= now) return 0;
  let months =
    (until.getUTCFullYear() - now.getUTCFullYear()) * 12 + (until.getUTCMonth() - now.getUTCMonth());
  while (months > 0 && addMonths(now, months) > until) months -= 1;
  return months;
}

export interface StorageStanding {
  daysRemaining: number;
  monthsRemaining: number;
  status: StorageStatus;
}

/**
 * docs/product/states.md: safe with 3 or more whole months left, warning with 1 or 2, critical under 1. Days are whole
 * days left: 0 means the photos go within a day ('today'), 1 'tomorrow'.
 */
export function storageStanding(deletionDate: Date, now: Date): StorageStanding {
  const daysRemaining = Math.max(0, Math.floor((deletionDate.getTime() - now.getTime()) / DAY_MS));
  const monthsRemaining = wholeMonthsBetween(now, deletionDate);
  const status: StorageStatus =
    monthsRemaining >= STORAGE_SAFE_MONTHS
      ? 'safe'
      : monthsRemaining >= STORAGE_WARNING_MONTHS
        ? 'warning'
        : 'critical';
  return { daysRemaining, monthsRemaining, status };
}
