import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'import-x/no-cycle': ['error', { maxDepth: 6 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Imports flow one way: packages never import apps; the web never imports the API.
            { target: 'packages', from: 'apps', message: 'packages/* must not import from apps/*' },
            { target: 'apps/web', from: 'apps/api', message: 'the web app never imports the API code' },
            { target: 'apps/api', from: 'apps/web', message: 'the API never imports the web app' },
            // Shared web code never reaches into features or the app shell.
            { target: [`${web}/components`, `${web}/lib`], from: [`${web}/features`, `${web}/app`] },
            { target: `${web}/features`, from: `${web}/app` },
            // Features do not import each other's internals: a page in app/routes combines them.
            ...[
              'auth',
              'tutors',
              'home',
              'contact',
              'newsletter',
              'bookings',
              'payments',
              'blog',
              'admin',
              'dashboard',
              'subjects',
              'offers',
              'content',
            ].map((f) => ({
              target: `${web}/features/${f}`,
              from: `${web}/features`,
              except: [`./${f}`],
            })),
          ],
        },
      ],
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
    // Only repositories and db/ talk to the ORM (STYLE.md §4).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/db/**',
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
              message: 'Only repositories and db/ import drizzle-orm.',
            },
          ],
        },
      ],
    },
  },
);
