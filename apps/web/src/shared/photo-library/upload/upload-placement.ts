import type { Translator } from '../../i18n/translator';
import { monthTitle } from '../../timeline/month-title';

export interface MonthPlacement {
  /** 0 for photos without a real taken date (the timeline's 'Unknown Date' group). */
  year: number;
  month: number;
  count: number;
}

/** The timeline month a taken date files under: January 1970 counts as no date (docs/product/photos.md). */
export function timelineMonthOf(dateTaken: string | undefined): { year: number; month: number } {
  const match = dateTaken ? /^(\d{4})-(\d{2})/.exec(dateTaken) : null;
  if (!match) return { year: 0, month: 0 };
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year === 1970 && month === 1 ? { year: 0, month: 0 } : { year, month };
}

/** The months that received photos, the fullest first (then the newest). */
export function placementOf(added: ReadonlyArray<{ dateTaken?: string }>): MonthPlacement[] {
  const counts = new Map<string, MonthPlacement>();
  for (const photo of added) {
    const { year, month } = timelineMonthOf(photo.dateTaken);
    const key = `${year}-${month}`;
    const entry = counts.get(key) ?? { year, month, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || b.year - a.year || b.month - a.month);
}

/** `?month=2008-10` of the photos page: the month the timeline opens at (`0-0`: the undated). */
export const monthParam = (placement: { year: number; month: number }) =>
  `${placement.year}-${String(placement.month).padStart(2, '0')}`;

export function parseMonthParam(value: string | null): { year: number; month: number } | undefined {
  const match = value ? /^(\d{1,4})-(\d{1,2})$/.exec(value) : null;
  return match ? { year: Number(match[1]), month: Number(match[2]) } : undefined;
}

export interface PlacementNotice {
  message: string;
  linkLabel: string;
  /** The month the link opens: the only one, or the one that got the most photos. */
  target: MonthPlacement;
}

/**
 * Where an upload's photos went (decision 145): old photos vanish from the top of a timeline sorted
 * by date taken, so the customer is told the month, and given a link to it. Photos that all land in
 * the current month are where the customer looks first: no notice.
 */
export function placementNotice(
  i18n: Pick<Translator, 't' | 'formatDate'>,
  added: ReadonlyArray<{ dateTaken?: string }>,
  now: Date,
): PlacementNotice | undefined {
  const months = placementOf(added);
  const target = months[0];
  if (!target) return undefined;
  const current =
    months.length === 1 && target.year === now.getFullYear() && target.month === now.getMonth() + 1;
  if (current) return undefined;
  const title = monthTitle(i18n, target.year, target.month);
  const message =
    months.length > 1
      ? i18n.t('upload.placed.months', { count: added.length, months: months.length })
      : target.year === 0
        ? i18n.t('upload.placed.noDate', { count: target.count })
        : i18n.t('upload.placed.month', { count: target.count, month: title });
  return { message, linkLabel: i18n.t('upload.placed.show', { month: title }), target };
}
