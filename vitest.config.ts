import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          // A fresh PGlite runs initdb (seconds on a busy 2-core machine).
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
          // One migrated PGlite database, dumped once; each test file's database starts from it.
          globalSetup: ['./src/test/pglite-template.ts'],
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
