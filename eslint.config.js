import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './tools/eslint/import-boundaries.js';
import { serverBoundaries } from './tools/eslint/server-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const appBoundary = {
  target: featuresDir,
  from: ['apps/web/src/app'],
  message: 'Features must not import the app wiring; pass what they need in.',
};

// Imports flow shared -> features -> app: features never import each other or the app, and shared
// code imports neither.
const featureBoundaries = [
  ...features.map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: [featuresDir],
    except: [`${featuresDir}/${feature}`],
    message: 'A feature must not import another feature; move the shared part to src/shared.',
  })),
  {
    target: 'apps/web/src/shared',
    from: [featuresDir, 'apps/web/src/app'],
    message: 'Shared code must not import features or the app.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'eslint.config.js', 'vitest.cluster.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: {
      local: { rules: { 'import-boundaries': importBoundaries, 'server-boundaries': serverBoundaries } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'local/import-boundaries': [
        'error',
        { root: import.meta.dirname, zones: [...featureBoundaries, appBoundary] },
      ],
    },
  },
  {
    // Server features import each other one way, files form no cycle, and only a demo start loads the
    // demo and the operators' command (the rule skips tests and test helpers itself).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'local/server-boundaries': [
        'error',
        {
          root: import.meta.dirname,
          source: 'apps/server/src',
          testing: 'apps/server/src/testing',
          demo: 'apps/server/src/demo',
          starter: 'apps/server/src/server.ts',
        },
      ],
    },
  },
  {
    // Tests render a feature inside the real app providers; only production code keeps out of app/.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/**/*.fixtures.{ts,tsx}'],
    rules: { 'local/import-boundaries': ['error', { root: import.meta.dirname, zones: featureBoundaries }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
