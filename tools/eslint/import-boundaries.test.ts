import path from 'node:path';
import { Linter, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importBoundaries } from './import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = '/repo';
const options = [
  {
    root,
    zones: [
      {
        target: 'src/features/photos',
        from: ['src/features'],
        except: ['src/features/photos'],
        message: 'no cross-feature import',
      },
      { target: 'src/shared', from: ['src/features'], message: 'shared stays below features' },
    ],
  },
];
const file = (name: string) => path.join(root, name);

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'import-boundaries',
  importBoundaries,
  {
    valid: [
      {
        code: "import { a } from './photos.queries';",
        filename: file('src/features/photos/page.ts'),
        options,
      },
      {
        code: "import { b } from '../../shared/ui/page';",
        filename: file('src/features/photos/page.ts'),
        options,
      },
      { code: "import { c } from 'react';", filename: file('src/shared/ui/page.ts'), options },
    ],
    invalid: [
      {
        code: "import { d } from '../albums/album.page';",
        filename: file('src/features/photos/page.ts'),
        options,
        errors: [{ message: 'no cross-feature import' }],
      },
      {
        code: "export { e } from '../../features/photos/page';",
        filename: file('src/shared/ui/x.ts'),
        options,
        errors: [{ message: 'shared stays below features' }],
      },
      {
        code: "const f = import('../../features/photos/page');",
        filename: file('src/shared/ui/x.ts'),
        options,
        errors: [{ message: 'shared stays below features' }],
      },
    ],
  },
);

describe('import boundaries through the linter', () => {
  it('names the broken boundary in the message a developer sees', () => {
    const linter = new Linter({ configType: 'flat', cwd: root });
    const messages = linter.verify(
      "import { d } from '../albums/album.page';\nimport { e } from './photos.queries';",
      [
        {
          files: ['**/*.ts'],
          languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
          plugins: { local: { rules: { 'import-boundaries': importBoundaries } } },
          rules: { 'local/import-boundaries': ['error', ...options] },
        },
      ],
      file('src/features/photos/page.ts'),
    );
    expect(messages.map((message) => [message.line, message.message])).toEqual([
      [1, 'no cross-feature import'],
    ]);
  });
});
