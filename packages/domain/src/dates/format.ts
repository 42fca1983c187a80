import {
  ethiopianDateParts,
  ethiopianMonthSpan,
  formatEthiopianParts,
  type CalendarLocale,
} from './ethiopic.ts';

/**
 * The one way dates are written for people (issue 18 item 2). Each style is one of the product's date shapes;
 * its English text is exactly what the product has always shown (the spec's and the tests' strings). In
 * Amharic the Gregorian date uses Amharic month and day names; with `ethiopian` (always in Amharic, on request
 * in English) the Ethiopian date follows in brackets: 'ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)', the same shape as the
 * e-mails. Times stay on the 24-hour clock, as the zone labels beside them expect.
 */
export type DateSettings = { language: CalendarLocale; ethiopian: boolean };

/** English without the Ethiopian date: what server-side callers and tests get by default. */
export const englishDates: DateSettings = { language: 'en', ethiopian: false };

type StyleSpec = {
  /** The English locale and date options, unchanged from the product's earlier formatters. */
  en: [locale: string, options: Intl.DateTimeFormatOptions];
  /** For the other shapes: which fields the date has. */
  weekday: boolean;
  year: boolean;
  /** The time's options, added to the English date's (null: a date alone). */
  time: Intl.DateTimeFormatOptions | null;
  /** English without the Ethiopian date keeps the ISO date 'YYYY-MM-DD' (lists that always showed it). */
  iso?: boolean;
};

export const dateStyles = {
  /** 'Mon, 12 Jan 2026' */
  day: {
    en: ['en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }],
    weekday: true,
    year: true,
    time: null,
  },
  /** 'Mon 12 Jan' */
  dayShort: {
    en: ['en-GB', { weekday: 'short', day: 'numeric', month: 'short' }],
    weekday: true,
    year: false,
    time: null,
  },
  /** 'Monday, 12 January 2026' */
  dayLong: {
    en: ['en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }],
    weekday: true,
    year: true,
    time: null,
  },
  /** '12 Jan 2026' */
  date: {
    en: ['en-GB', { day: 'numeric', month: 'short', year: 'numeric' }],
    weekday: false,
    year: true,
    time: null,
  },
  /** 'January 12, 2026' */
  dateLong: { en: ['en-US', { dateStyle: 'long' }], weekday: false, year: true, time: null },
  /** 'Jan 12, 2026' */
  dateMedium: { en: ['en-US', { dateStyle: 'medium' }], weekday: false, year: true, time: null },
  /** '2026-01-12' in English; written out ('ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)') in Amharic or with Ethiopian dates */
  isoDay: {
    en: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
    weekday: true,
    year: true,
    time: null,
    iso: true,
  },
  /** 'Mon 12 Jan, 16:05' */
  dayTime: {
    en: ['en-GB', { weekday: 'short', day: 'numeric', month: 'short' }],
    weekday: true,
    year: false,
    time: { hour: '2-digit', minute: '2-digit', hour12: false },
  },
  /** '12 Jan 2026, 16:05' */
  dateTime: {
    en: ['en-GB', { day: 'numeric', month: 'short', year: 'numeric' }],
    weekday: false,
    year: true,
    time: { hour: '2-digit', minute: '2-digit' },
  },
} satisfies Record<string, StyleSpec>;

export type DateStyle = keyof typeof dateStyles;

const cache = new Map<string, Intl.DateTimeFormat>();
function intl(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  const key = `${locale}|${JSON.stringify(options)}|${timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    cache.set(key, f);
  }
  return f;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date 'YYYY-MM-DD' is that day wherever one is; anything else is an instant read in `timeZone`. */
function read(
  value: Date | string,
  timeZone: string | undefined,
): { instant: Date; zone: string | undefined } {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return { instant: new Date(`${value}T12:00:00Z`), zone: 'UTC' };
  }
  return { instant: typeof value === 'string' ? new Date(value) : value, zone: timeZone };
}

const localZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

function partsOf(f: Intl.DateTimeFormat, d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(d)) if (p.type !== 'literal') out[p.type] = p.value;
  return out;
}

/** 'ሰኞ፣ ጃንዋሪ 12 2026': Amharic names in full (ICU's Amharic abbreviations cut words), numbers in Latin digits. */
function amharicGregorian(d: Date, zone: string | undefined, spec: StyleSpec): string {
  const p = partsOf(
    intl(
      'am',
      {
        numberingSystem: 'latn',
        day: 'numeric',
        month: 'long',
        ...(spec.year ? { year: 'numeric' } : {}),
        ...(spec.weekday ? { weekday: 'long' } : {}),
      },
      zone,
    ),
    d,
  );
  const date = `${p.month} ${p.day}${spec.year ? ` ${p.year}` : ''}`;
  return spec.weekday ? `${p.weekday}፣ ${date}` : date;
}

const clock = (d: Date, zone: string | undefined) =>
  intl('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, zone).format(d);

/**
 * A date (or date and time) in one of the product's styles, in the reader's language, with the Ethiopian date
 * beside it when `settings.ethiopian`. `value` is an instant (ISO string or Date), read in `timeZone` (the
 * browser's when omitted), or a calendar date 'YYYY-MM-DD'.
 */
export function formatDate(
  value: Date | string,
  style: DateStyle,
  settings: DateSettings = englishDates,
  timeZone?: string,
): string {
  const spec: StyleSpec = dateStyles[style];
  const { instant, zone } = read(value, timeZone);
  if (Number.isNaN(instant.getTime())) return '';
  const [enLocale, enOptions] = spec.en;
  if (settings.language === 'en' && !settings.ethiopian) {
    return intl(enLocale, { ...enOptions, ...spec.time }, zone).format(instant);
  }
  // English keeps its date text (written out where the plain one is ISO); the Ethiopian date follows the date
  // itself, before any time.
  let date =
    settings.language === 'am'
      ? amharicGregorian(instant, zone, spec)
      : spec.iso
        ? formatDate(instant, 'day', englishDates, zone)
        : intl(enLocale, enOptions, zone).format(instant);
  if (settings.ethiopian) {
    const ethiopian = ethiopianDateParts(instant, zone ?? localZone());
    date = `${date} (${formatEthiopianParts(ethiopian, { locale: settings.language, year: spec.year })})`;
  }
  if (!spec.time) return date;
  return `${date}${settings.language === 'am' ? '፣' : ','} ${clock(instant, zone)}`;
}

export type MonthStyle = 'month' | 'monthShort' | 'monthName';

const monthStyles: Record<MonthStyle, Intl.DateTimeFormatOptions> = {
  /** 'June 2026' */
  month: { month: 'long', year: 'numeric' },
  /** 'Jun 2026' */
  monthShort: { month: 'short', year: 'numeric' },
  /** 'June' */
  monthName: { month: 'long' },
};

/**
 * A Gregorian month ({ year, month 1–12 }): 'November 2026'; in Amharic 'ኖቬምበር 2026'; with the Ethiopian
 * months it spans: 'November 2026 · Tikimt–Hidar 2019' / 'ኖቬምበር 2026 · ጥቅምት–ኅዳር 2019'.
 */
export function formatMonth(
  { year, month }: { year: number; month: number },
  style: MonthStyle = 'month',
  settings: DateSettings = englishDates,
): string {
  const d = new Date(Date.UTC(year, month - 1, 1, 12));
  const options = monthStyles[style];
  let text: string;
  if (settings.language === 'am') {
    const p = partsOf(intl('am', { ...options, month: 'long', numberingSystem: 'latn' }, 'UTC'), d);
    text = options.year ? `${p.month} ${p.year}` : `${p.month}`;
  } else {
    text = intl('en-US', options, 'UTC').format(d);
  }
  return settings.ethiopian ? `${text} · ${ethiopianMonthSpan(year, month, settings.language)}` : text;
}
