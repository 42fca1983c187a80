import type * as I18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('a visit that starts in Amharic', () => {
  afterEach(() => {
    vi.doUnmock('i18next');
    vi.resetModules();
  });

  it('initialises i18next in Amharic with its strings loaded before the first render', async () => {
    // A fresh, uninitialised i18next, as on a page load whose remembered language is Amharic (the test setup has
    // initialised the shared one in English).
    vi.resetModules();
    vi.doMock('i18next', async () => {
      const actual = await vi.importActual<typeof I18next>('i18next');
      return { ...actual, default: actual.default.createInstance() };
    });
    localStorage.setItem('tibeb.language', 'am');
    const { initI18n } = await import('../lib/i18n.ts');
    const i18n = await initI18n();
    expect(i18n.language).toBe('am');
    expect(document.documentElement.lang).toBe('am');
    expect(i18n.t('Home')).toBe('መነሻ');
    expect(i18n.t('Special Offers', { ns: 'public' })).toBe('ልዩ ቅናሾች');
    expect(i18n.t('Sign in', { ns: 'auth' })).toBe('ይግቡ');
  });
});
