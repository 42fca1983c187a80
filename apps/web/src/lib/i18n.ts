import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The interface languages (issue 18). English texts are the keys (the spec's texts stay in the source exactly
 * and English needs no resource file); Amharic strings are JSON files per namespace, loaded lazily, so the
 * landing page's initial JavaScript in English carries none of them.
 */
export const languages = ['en', 'am'] as const;
export type Language = (typeof languages)[number];

/** One namespace per part of the product; each has `locales/am/<namespace>.json`. */
export const namespaces = [
  'common',
  'public',
  'booking',
  'payments',
  'chapa',
  'auth',
  'family',
  'tutor',
  'admin',
  'admin-extra',
  'messages',
  // Issue 27: the application page (public), the application and vetting screens, earnings and payouts, the ledger.
  'teach',
  'applications',
  'earnings',
  'admin-ledger',
  // The API's error answers by code (lib/translate-message.ts `translateError`).
  'errors',
] as const;

const STORAGE_KEY = 'tibeb.language';
/** The cookie of the same name tells the server the language to render a public page in (entry-server.tsx). */
export const LANGUAGE_COOKIE = STORAGE_KEY;

// Vite makes each locale file its own chunk, fetched only when Amharic is chosen.
const amharic = import.meta.glob<{ default: Record<string, string> }>('../locales/am/*.json');

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The language this visitor chose on this browser, if any. */
export function savedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage can be unavailable (private modes).
  }
  return null;
}

/** The visitor's remembered choice; a first visit follows the browser's preferred language. */
export function storedLanguage(): Language {
  const saved = savedLanguage();
  if (saved) return saved;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred.some((l) => l?.toLowerCase().startsWith('am')) ? 'am' : 'en';
}

/**
 * The signed-in areas' namespaces. A visit that starts in Amharic fetches them with an area's code
 * (`loadAreaStrings`, from the area routes), not before a public page's first render: on a slow link they are
 * about half of the Amharic bytes (decision 187).
 */
const areaNamespaces: readonly string[] = [
  'family',
  'tutor',
  'admin',
  'admin-extra',
  'messages',
  'applications',
  'earnings',
  'admin-ledger',
];
/** Fetched after a public page's first render: only needed once the server answers an error. */
const laterNamespaces: readonly string[] = ['errors'];
const publicNamespaces = namespaces.filter(
  (ns) => !areaNamespaces.includes(ns) && !laterNamespaces.includes(ns),
);

async function loadAmharic(which: readonly string[] = namespaces) {
  await Promise.all(
    which.map(async (ns) => {
      if (i18n.hasResourceBundle('am', ns)) return;
      const load = amharic[`../locales/am/${ns}.json`];
      const strings = load ? (await load()).default : {};
      i18n.addResourceBundle('am', ns, strings, true, true);
    }),
  );
}

function applyDocumentLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (language === 'am') {
    // Self-hosted Noto Sans Ethiopic, only its Ethiopic subset, only for Amharic (issue 18).
    void import('./ethiopic-font.ts');
  }
}

/** Starts i18next; resolves once the chosen language's strings are in memory (nothing to load for English). */
export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      ns: [...namespaces],
      defaultNS: 'common',
      // Words every part shares (Logout, Settings, Save…) live once, in 'common'.
      fallbackNS: 'common',
      // Natural-language keys: an English sentence contains '.' and ':'.
      keySeparator: false,
      nsSeparator: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
      resources: {},
      partialBundledLanguages: true,
      react: { useSuspense: false },
    });
  }
  // After init: i18next's resource store (hasResourceBundle, addResourceBundle) exists only once initialised, so
  // a visit that starts in Amharic loads its strings here, before anything renders.
  if (language === 'am') await loadAmharic(publicNamespaces);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  markReady();
  // Error texts by code follow in the background (until they arrive, an error shows the server's detail).
  if (language === 'am') void loadAmharic(laterNamespaces);
  return i18n;
}

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));

/** The areas' Amharic strings, before an area renders (nothing to fetch in English, or once fetched). */
export async function loadAreaStrings() {
  // The router starts an area's code as the app starts, before i18next has: wait for it.
  if (!i18n.isInitialized) await ready;
  if (currentLanguage() === 'am') await loadAmharic();
}

/** Switches the interface language and remembers it for this visitor. */
export async function changeLanguage(language: Language) {
  if (language === 'am') await loadAmharic();
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered when storage is unavailable; the switch still works for this page view.
  }
  rememberForServer(language);
}

/** The choice as a cookie too, so that the server renders the next public page in it. */
export function rememberForServer(language: Language) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

export { i18n };
