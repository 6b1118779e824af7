import { downloadTranslator } from './download-messages';

/**
 * The note inside an archive whose photos were partly deleted before it was made, in the customer's
 * language (`nl-BE` -> Dutch), English when there is none.
 */
export function skippedNote(locale: string, skippedFileNames: string[]): { fileName: string; body: Buffer } {
  const t = downloadTranslator(locale);
  // CRLF so Windows Notepad, the likeliest reader, shows one name a line.
  const lines = [t('skipped.text'), '', ...skippedFileNames.map((name) => `- ${name}`), ''];
  return { fileName: t('skipped.fileName'), body: Buffer.from(lines.join('\r\n'), 'utf8') };
}
