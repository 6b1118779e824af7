import type { Translator } from '../../shared/i18n/translator';

/** docs/product/albums.md: dates of albums as day, short month and year ('22 Nov 2026' in en-GB). */
export const ALBUM_DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric' };

const localDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * The album page's creation stat (docs/product/albums.md): 'Created today', 'Created yesterday' or 'Created {date}',
 * by the customer's own calendar (the browser's time zone).
 */
export function createdText(
  i18n: Pick<Translator, 't' | 'formatDate'>,
  created: string,
  now = new Date(),
): string {
  const day = localDay(new Date(created));
  const today = localDay(now);
  const yesterday = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day === today) return i18n.t('album.createdToday');
  if (day === yesterday) return i18n.t('album.createdYesterday');
  return i18n.t('album.createdOn', { date: i18n.formatDate(created, ALBUM_DATE) });
}
