/**
 * Text a customer (or their device) typed, as the product stores, sends and shows it: the one cleaning
 * rule for names, addresses, album names, messages and file names (decision 118). The server's
 * services apply it where they normalise what they store; the address rule applies it in both the web
 * form and the server; the mail layout applies it again to everything it renders.
 */

/**
 * Bidirectional formatting characters: invisible, they reorder what follows, so that
 * "holiday\u202Egpj.exe" reads as "holidayexe.jpg" and a name can pose as another (the "Trojan
 * Source" family of tricks). The embeddings and overrides U+202A-202E, the isolates U+2066-2069, and
 * the marks U+200E, U+200F and U+061C.
 */
const BIDI_FORMATTING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Line breaks (CR LF, CR, LF, VT, FF, the line and paragraph separators), each made one line feed. */
const LINE_BREAK = /\r\n?|[\n\v\f\u2028\u2029]/gu;
/** What is left of the control characters (C0, DEL, C1) once line breaks and tabs are dealt with. */
const CONTROL = /[^\P{Cc}\n\t]/gu;

/** No bidirectional formatting, no control characters but tabs and line feeds, one kind of line break. */
const withoutControls = (value: string) =>
  value.replace(BIDI_FORMATTING, '').replace(LINE_BREAK, '\n').replace(CONTROL, '');

/**
 * One line of text (a name, an address field, a title): no bidirectional formatting, no control
 * characters, a tab or line break becomes a space (a run of them one space), trimmed.
 */
export function cleanLine(value: string): string {
  return withoutControls(value)
    .replace(/[\t\n]+/g, ' ')
    .trim();
}

/**
 * Text of several lines (a personal message): as `cleanLine`, but line breaks stay, as line feeds;
 * each line loses its trailing spaces, and the whole is trimmed.
 */
export function cleanLines(value: string): string {
  return withoutControls(value)
    .replace(/\t+/g, ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/**
 * A name a customer or their device chose, cleaned as `cleanLine` and cut to `maxLength` characters
 * (code points) without splitting one: for names that come with no length rule of their own, such as
 * an uploaded file's.
 */
export function cleanDisplayName(value: string, maxLength: number): string {
  return Array.from(cleanLine(value)).slice(0, maxLength).join('').trimEnd();
}
