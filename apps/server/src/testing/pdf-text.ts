import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF as poppler's `pdftotext -layout` extracts it; pages are separated by form feeds. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-']);
  child.child.stdin!.end(pdf);
  return (await child).stdout;
}
