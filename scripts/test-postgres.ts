// The PostgreSQL suite: the server's test files that open a database (through testing/test-database.ts,
// directly or through the helpers that use it) run again on the PostgreSQL server of DATABASE_URL.
// Tests that never reach a database already ran in the unit suite; running them twice proves nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSource = path.join(root, 'apps/server/src');
const databaseEntry = path.join(serverSource, 'testing/test-database.ts');

if (!process.env.DATABASE_URL) {
  console.error('The PostgreSQL suite needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test.');
  process.exit(1);
}

/** Relative imports of a source file, as the files they name (`./x` or `./x.js` is `./x.ts`). */
function localImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(
    (match) => match[1]!,
  );
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, '')))
    .flatMap((base) =>
      [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]
        .filter((file) => existsSync(file))
        .slice(0, 1),
    );
}

const reachesDatabase = new Map<string, boolean>();
function opensDatabase(file: string, visiting = new Set<string>()): boolean {
  const known = reachesDatabase.get(file);
  if (known !== undefined) return known;
  if (file === databaseEntry) return true;
  if (visiting.has(file)) return false;
  visiting.add(file);
  const answer = localImports(file).some((imported) => opensDatabase(imported, visiting));
  visiting.delete(file);
  reachesDatabase.set(file, answer);
  return answer;
}

const testFiles = readdirSync(serverSource, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(serverSource, name))
  .sort();
const databaseTests = testFiles.filter((file) => opensDatabase(file));
console.log(
  `PostgreSQL suite: ${databaseTests.length} of ${testFiles.length} server test files open a database.`,
);

const run = spawnSync(
  'vitest',
  ['run', '--project', 'server', ...databaseTests.map((file) => path.relative(root, file))],
  { cwd: root, stdio: 'inherit', shell: false },
);
process.exit(run.status ?? 1);
