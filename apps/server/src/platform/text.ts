/**
 * Bidirectional formatting characters: invisible, they reorder what follows, so that
 * "holiday\u202Egpj.exe" reads as "holidayexe.jpg" (the "Trojan Source" family of tricks). With them
 * the line and paragraph separators, which break a name shown on one line.
 */
const INVISIBLE_FORMATTING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r]+/g;
const CONTROL = /\p{Cc}/gu;

/**
 * A name a customer or their device chose (a file name; later album and address names), as it is
 * stored and shown: no control characters (a tab or line break becomes a space), no bidirectional
 * formatting, trimmed, and cut to `maxLength` characters without splitting one.
 */
export function cleanDisplayName(value: string, maxLength: number): string {
  const cleaned = value
    .replace(INVISIBLE_FORMATTING, '')
    .replace(LINE_BREAKS_AND_TABS, ' ')
    .replace(CONTROL, '')
    .trim();
  return Array.from(cleaned).slice(0, maxLength).join('').trimEnd();
}
