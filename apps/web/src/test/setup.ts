import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw-server.ts';
import { changeLanguage, currentLanguage, initI18n } from '../lib/i18n.ts';

const startClean = async () => {
  // A test that switched to Amharic leaves the next one in English.
  if (currentLanguage() !== 'en') await changeLanguage('en');
  server.resetHandlers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
};

// Every network call in a web test must be mocked: an unhandled request fails the test.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('en');
});
afterEach(startClean);
/**
 * Test files share their worker's modules and document (`isolate: false` in the root vitest.config.ts): a file
 * leaves the next one what a fresh document would hold, with real timers, no stubs and no spies.
 */
afterAll(async () => {
  await startClean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
  server.close();
});
