import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import { productionZones, rolePlugin, testZones } from './eslint/boundaries.js';

const web = 'apps/web/src';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/migrations/**',
      'test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts file when it follows imports, and no-cycle found nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // No cycles at any depth (issue 26: the import graph of apps/api/src has none).
      'import-x/no-cycle': ['error', { maxDepth: Infinity }],
      // Boundaries generated from the folders (eslint/boundaries.js).
      'import-x/no-restricted-paths': ['error', { zones: productionZones() }],
    },
  },
  {
    // Tests and test support may use a module's test helpers and build the whole app; the rest holds.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/*.fixtures.ts', '**/*.test-helpers.ts', 'e2e/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testZones() }] },
  },
  {
    // kebab-case file names everywhere (a role or kind may follow a dot: booking.service.ts, x.test.tsx).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'check-file': checkFile, tibeb: rolePlugin },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'apps/*/src/**/': 'KEBAB_CASE' }],
      'tibeb/role-suffix': 'error',
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Only repositories and platform/db talk to the ORM (STYLE.md §4).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/platform/db/**',
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**',
      'apps/api/src/scripts/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories and platform/db import drizzle-orm.',
            },
          ],
        },
      ],
    },
  },
);
