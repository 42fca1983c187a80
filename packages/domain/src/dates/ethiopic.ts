/**
 * The Ethiopian calendar (issue 18 item 2): thirteen months (twelve of 30 days and Pagume of 5 or 6), its year
 * 7 or 8 behind the Gregorian one, its new year (Enkutatash, Meskerem 1) on 11 September (12 September before a
 * Gregorian leap year). The numbers come from `Intl.DateTimeFormat` with `calendar: 'ethiopic'` and explicit
 * fields, and the text is composed here from them, so no Latin era ("AM", "ERA1") ever appears. Amharic names
 * come from the browser's own Amharic data (CLDR: መስከረም … ጳጉሜን), so no Amharic text ships in the English
 * pages' JavaScript; English uses the common transliteration below (CLDR's English names differ: "Tekemt").
 */
export type CalendarLocale = 'en' | 'am';

export type EthiopianDateParts = { year: number; month: number; day: number };

/** The thirteen months, Meskerem (1) to Pagume (13), transliterated for English readers. */
const englishMonths = [
  'Meskerem',
  'Tikimt',
  'Hidar',
  'Tahsas',
  'Tir',
  'Yekatit',
  'Megabit',
  'Miyazya',
  'Ginbot',
  'Sene',
  'Hamle',
  'Nehase',
  'Pagume',
];

/** Sunday first, as `Date#getUTCDay` counts. */
const englishWeekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const amharicFormatters = new Map<string, Intl.DateTimeFormat>();
function amharic(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone}`;
  let f = amharicFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('am', { ...options, timeZone });
    amharicFormatters.set(key, f);
  }
  return f;
}

// Meskerem 1, 2018 (11 September 2025): every month is 30 days on, so day 1 + 30 × (month − 1) names the month.
const MESKEREM_1_2018 = Date.UTC(2025, 8, 11, 12);

export function ethiopianMonthName(month: number, locale: CalendarLocale): string {
  if (month < 1 || month > 13) return String(month);
  if (locale === 'en') return englishMonths[month - 1]!;
  const day = new Date(MESKEREM_1_2018 + (month - 1) * 30 * 86_400_000);
  return amharic({ calendar: 'ethiopic', month: 'long' }, 'UTC').format(day);
}

const weekdayName = (date: Date, weekday: number, timeZone: string, locale: CalendarLocale) =>
  locale === 'en' ? englishWeekdays[weekday]! : amharic({ weekday: 'long' }, timeZone).format(date);

/** An Ethiopian year is a leap year (Pagume has 6 days) when it leaves 3 divided by 4 (e.g. 2015, 2019). */
export const isEthiopianLeapYear = (year: number): boolean => ((year % 4) + 4) % 4 === 3;

const formatters = new Map<string, Intl.DateTimeFormat>();

function numericFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en', {
      calendar: 'ethiopic',
      numberingSystem: 'latn',
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      weekday: 'short',
      timeZone,
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function partsOf(date: Date, timeZone: string) {
  const out: Record<string, string> = {};
  for (const p of numericFormatter(timeZone).formatToParts(date))
    if (p.type !== 'literal') out[p.type] = p.value;
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    weekday: weekdayIndex[out.weekday ?? ''] ?? 0,
  };
}

/** The Ethiopian year, month (1–13) and day of an instant, on the wall clock of `timeZone`. */
export function ethiopianDateParts(date: Date, timeZone: string): EthiopianDateParts {
  const { year, month, day } = partsOf(date, timeZone);
  return { year, month, day };
}

/** The Ethiopian date of a calendar date 'YYYY-MM-DD' (a day, not an instant: no time zone involved). */
export const ethiopianDateOf = (date: string): EthiopianDateParts =>
  ethiopianDateParts(new Date(`${date}T12:00:00Z`), 'UTC');

export type EthiopianFormat = {
  locale: CalendarLocale;
  /** Show the year (default true). */
  year?: boolean;
  /** Begin with the day of the week (default false). */
  weekday?: boolean;
};

/** 'Meskerem 1, 2018' / 'መስከረም 1 2018' from the parts; 'Meskerem 1' / 'መስከረም 1' without the year. */
export function formatEthiopianParts(parts: EthiopianDateParts, opts: EthiopianFormat): string {
  const month = ethiopianMonthName(parts.month, opts.locale);
  const withYear = opts.year ?? true;
  if (opts.locale === 'am') return `${month} ${parts.day}${withYear ? ` ${parts.year}` : ''}`;
  return `${month} ${parts.day}${withYear ? `, ${parts.year}` : ''}`;
}

/**
 * The Ethiopian date of an instant in `timeZone`: 'Meskerem 1, 2018' in English, 'መስከረም 1 2018' in Amharic;
 * with `weekday`, 'Thursday, Meskerem 1, 2018' / 'ሐሙስ፣ መስከረም 1 2018'.
 */
export function formatEthiopianDate(date: Date, opts: EthiopianFormat & { timeZone: string }): string {
  const p = partsOf(date, opts.timeZone);
  const text = formatEthiopianParts(p, opts);
  if (!opts.weekday) return text;
  const weekday = weekdayName(date, p.weekday, opts.timeZone, opts.locale);
  return opts.locale === 'am' ? `${weekday}፣ ${text}` : `${weekday}, ${text}`;
}

const daysInGregorianMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The Ethiopian month(s) a Gregorian month spans, for a calendar's header: November 2026 → 'Tikimt–Hidar 2019'
 * / 'ጥቅምት–ኅዳር 2019'; September 2026, across the new year → 'Nehase 2018–Meskerem 2019'.
 */
export function ethiopianMonthSpan(year: number, month: number, locale: CalendarLocale): string {
  const first = ethiopianDateOf(`${year}-${pad(month)}-01`);
  const last = ethiopianDateOf(`${year}-${pad(month)}-${pad(daysInGregorianMonth(year, month))}`);
  const name = (p: EthiopianDateParts) => ethiopianMonthName(p.month, locale);
  if (first.year !== last.year) return `${name(first)} ${first.year}–${name(last)} ${last.year}`;
  if (first.month === last.month) return `${name(first)} ${first.year}`;
  return `${name(first)}–${name(last)} ${last.year}`;
}
