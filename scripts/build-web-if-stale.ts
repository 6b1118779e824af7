// `npm start` serves apps/web/dist: rebuild it only when a source of the web app (or what it
// imports) is newer than the last build, so a restart does not pay for a build it does not need.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/web/src',
  'apps/web/locales',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/contracts/src',
  'package-lock.json',
];

function newestChange(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    info.mtimeMs,
  );
}

const built = statSync(path.join(root, 'apps/web/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changed > built) execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
