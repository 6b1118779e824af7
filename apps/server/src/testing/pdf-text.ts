import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF as poppler's `pdftotext -layout` extracts it; pages are separated by form feeds. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-']);
  child.child.stdin!.end(pdf);
  return (await child).stdout;
}

/**
 * What poppler's `pdfinfo` says of a PDF (`Title`, `Author`, `Pages`, `Page size`, ...), by field;
 * with `boxes`, the first page's boxes too (`MediaBox`, `TrimBox`, `BleedBox`: x1 y1 x2 y2 in points).
 */
export async function pdfInfo(
  pdf: Buffer,
  options: { boxes?: boolean } = {},
): Promise<Record<string, string>> {
  const child = run('pdfinfo', ['-enc', 'UTF-8', ...(options.boxes ? ['-box'] : []), '-']);
  child.child.stdin!.end(pdf);
  const fields = (await child).stdout
    .split('\n')
    .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, match[2]!] as const);
  return Object.fromEntries(fields);
}

/**
 * The document language of a PDF (`/Lang` of its catalogue), which `pdfinfo` does not show. Our renderer
 * writes the catalogue uncompressed, so it is found in the bytes.
 */
export function pdfLanguage(pdf: Buffer): string | undefined {
  return /\/Lang \(([^)]*)\)/.exec(pdf.toString('latin1'))?.[1];
}
