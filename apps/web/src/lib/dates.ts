import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatMonth,
  type DateSettings,
  type DateStyle,
  type MonthStyle,
} from '@tibeb/domain/dates/format';
import { isLanguage } from './i18n.ts';

/**
 * Dates shown to people (issue 18): every date on screen goes through `useDates()`, which writes it in the
 * interface language and, in Amharic (or in English when the visitor asked for it), adds the Ethiopian date
 * beside the Gregorian one. The rules and styles live in `@tibeb/domain/dates/format`; helpers that build
 * date texts take the `DateSettings` this hook returns.
 */
export type Dates = DateSettings & {
  /** A date in one of the product's styles; an instant is read in `timeZone` (the browser's when omitted). */
  format: (value: Date | string, style: DateStyle, timeZone?: string) => string;
  /** A Gregorian month, with the Ethiopian months it spans when Ethiopian dates are on (or `withEthiopian`). */
  month: (month: { year: number; month: number }, style?: MonthStyle, withEthiopian?: boolean) => string;
};

const STORAGE_KEY = 'tibeb.ethiopianDates';
const listeners = new Set<() => void>();
// The choice for this page view, when storage is unavailable (private modes).
let chosenHere = false;

export function setEthiopianDates(on: boolean) {
  chosenHere = on;
  try {
    if (on) localStorage.setItem(STORAGE_KEY, '1');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the choice still holds for this page view.
  }
  for (const listener of listeners) listener();
}

const snapshot = () => {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return chosenHere;
  }
};

/** Whether an English visitor asked for Ethiopian dates beside the Gregorian ones (remembered per browser). */
export const ethiopianDatesAsked = (): boolean => snapshot();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The date helpers for given settings (components use `useDates()`; this is for code outside React). */
export function datesFor(settings: DateSettings): Dates {
  return {
    ...settings,
    format: (value, style, timeZone) => formatDate(value, style, settings, timeZone),
    month: (month, style = 'month', withEthiopian = settings.ethiopian) =>
      formatMonth(month, style, { ...settings, ethiopian: withEthiopian }),
  };
}

/** The current language's date formatters; re-renders when the language or the Ethiopian-dates choice changes. */
export function useDates(): Dates {
  // Subscribes to language changes.
  const { i18n } = useTranslation('common');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const asked = useSyncExternalStore(subscribe, snapshot, () => false);
  const ethiopian = language === 'am' || asked;
  return useMemo(() => datesFor({ language, ethiopian }), [language, ethiopian]);
}

/** Whether the Ethiopian-dates choice is on, and a setter (the English visitor's toggle). */
export function useEthiopianDatesChoice(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, snapshot, () => false), setEthiopianDates];
}
