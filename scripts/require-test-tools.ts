// The tests drive a real Chromium, read the PDFs they make with poppler's pdftotext and pdfinfo, and
// check the server's HTML with the Nu Html Checker, which runs on Java.
// Name everything missing in one message, with the one line that installs it, before any test runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../e2e/chromium-path';

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

const chromium = chromiumPath();
const missing = [
  ...(chromium && existsSync(chromium) ? [] : ['Chromium (Debian package chromium)']),
  ...['pdftotext', 'pdfinfo']
    .filter((tool) => !onPath(tool))
    .map((tool) => `${tool} (Debian package poppler-utils)`),
  ...(onPath('java') ? [] : ['java (Debian package default-jre-headless)']),
];

if (missing.length > 0) {
  console.error(
    [
      `The tests need tools this machine lacks: ${missing.join(', ')}.`,
      'On Debian: sudo apt-get install -y chromium chromium-headless-shell fonts-dejavu-core poppler-utils default-jre-headless',
      'Elsewhere: `npx playwright install chromium` poppler and a Java runtime (e.g. `brew install poppler openjdk`). Then run the tests again.',
    ].join('\n'),
  );
  process.exit(1);
}
