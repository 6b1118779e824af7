import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBoundaries } from './server-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

// The rule reads the files the linted one does not show from disk: a small server source tree.
const root = mkdtempSync(path.join(tmpdir(), 'server-boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  'src/server.ts': "import { buildApp } from './app';\nconst demo = await import('./demo/seed');",
  'src/app.ts': "import { createPhotos } from './photos/photos';",
  'src/config.ts': 'export const config = {};',
  'src/platform/database.ts': "import type { config } from '../config';",
  'src/photos/photos.ts': "import { query } from '../platform/database';",
  'src/orders/orders.ts': "import type { Intake } from '../shop/intake';",
  'src/shop/intake.ts': 'export interface Intake {}',
  'src/shop/routes.ts': "import { orderRules } from '../orders/rules';",
  'src/orders/rules.ts': 'export const orderRules = {};',
  'src/downloads/job.ts': "import { keys } from './service';",
  'src/downloads/service.ts': "import type { Reader } from './job';",
  'src/demo/seed.ts': "import { createPhotos } from '../photos/photos';",
  'src/photos/photos.test.ts': "import { seed } from '../demo/seed';",
  'src/testing/app.ts': "import { seed } from '../demo/seed';",
};
for (const [name, code] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), code);
}

const options = [{ root, source: 'src', testing: 'src/testing', demo: 'src/demo', starter: 'src/server.ts' }];
const file = (name: string) => ({ filename: path.join(root, name), code: files[name]!, options });

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('server-boundaries', serverBoundaries, {
  valid: [
    file('src/server.ts'),
    file('src/app.ts'),
    file('src/platform/database.ts'),
    file('src/photos/photos.ts'),
    file('src/demo/seed.ts'),
    file('src/photos/photos.test.ts'),
    file('src/testing/app.ts'),
  ],
  invalid: [
    {
      ...file('src/orders/orders.ts'),
      errors: [
        {
          message:
            'orders/ and shop/ import each other (shop/routes.ts imports orders/rules.ts): move the shared part where the dependency points one way.',
        },
      ],
    },
    {
      ...file('src/shop/routes.ts'),
      errors: [
        {
          message:
            'shop/ and orders/ import each other (orders/orders.ts imports shop/intake.ts): move the shared part where the dependency points one way.',
        },
      ],
    },
    {
      ...file('src/downloads/job.ts'),
      errors: [{ message: 'Import cycle: downloads/job.ts -> downloads/service.ts -> downloads/job.ts.' }],
    },
    {
      ...file('src/photos/photos.ts'),
      code: "import { seed } from '../demo/seed';",
      errors: [
        {
          message: 'Production code must not import demo/: server.ts loads it with import() on a demo start.',
        },
      ],
    },
    {
      ...file('src/app.ts'),
      code: "const demo = await import('./demo/seed');",
      errors: [{ message: 'Only server.ts may load demo/, with import() on a demo start.' }],
    },
  ],
});

describe('server-boundaries in a configuration', () => {
  it('reports every broken boundary of a file at the line of its import', () => {
    const messages = new Linter({ configType: 'flat', cwd: root }).verify(
      "import { keys } from './service';\nimport { seed } from '../demo/seed';\n",
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { local: { rules: { 'server-boundaries': serverBoundaries } } },
          rules: { 'local/server-boundaries': ['error', ...options] },
        },
      ],
      path.join(root, 'src/downloads/job.ts'),
    );
    expect(messages.map((message) => [message.line, message.message])).toEqual([
      [1, 'Import cycle: downloads/job.ts -> downloads/service.ts -> downloads/job.ts.'],
      [2, 'Production code must not import demo/: server.ts loads it with import() on a demo start.'],
    ]);
  });
});
