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
          // The files of a worker share its modules (loading the app's modules again for every file was a third of
          // the suite's time); each still starts its own app on its own database, and an app that closes drops
          // what the process's caches remember (platform/cache/cache-bus.ts).
          isolate: false,
          // One migrated PGlite database, dumped once; each test file's database starts from it.
          globalSetup: ['./src/test/pglite-template.ts'],
        },
      },
      {
        // One jsdom per worker instead of one per file (a fresh one cost about 1 s a file): the files share their
        // worker's modules and document, and the setup leaves each file a clean one (apps/web/src/test/setup.ts).
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', 'src/**/*.isolated.test.{ts,tsx}'],
          isolate: false,
        },
      },
      {
        // A test that loads modules afresh (`vi.resetModules`) would leave the others a second copy of them.
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-isolated', root: './apps/web', include: ['src/**/*.isolated.test.{ts,tsx}'] },
      },
    ],
  },
});
