import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server.ts';
import { changeLanguage, currentLanguage, initI18n } from '../lib/i18n.ts';

// Every network call in a web test must be mocked: an unhandled request fails the test.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('en');
});
afterEach(async () => {
  // A test that switched to Amharic leaves the next one in English.
  if (currentLanguage() !== 'en') await changeLanguage('en');
  server.resetHandlers();
  cleanup();
  localStorage.clear();
});
afterAll(() => server.close());
