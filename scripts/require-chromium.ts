// End-to-end tests drive a real Chromium; say in one sentence how to get one when it is missing.
import { existsSync } from 'node:fs';
import { chromiumPath } from '../e2e/chromium-path';

const found = chromiumPath();
if (!found || !existsSync(found)) {
  console.error(
    'No Chromium found: install the Debian package (`sudo apt-get install -y chromium`) or run `npx playwright install chromium`, then run the tests again.',
  );
  process.exit(1);
}
