/**
 * The Ethiopian calendar (issue 18 item 2): thirteen months (twelve of 30 days and Pagumen of 5 or 6), its year
 * 7 or 8 behind the Gregorian one, its new year (Enkutatash, Meskerem 1) on 11 September (12 September before a
 * Gregorian leap year). Computed by `Intl.DateTimeFormat` with `calendar: 'ethiopic'` and explicit fields; the
 * text is composed from the parts, so no Latin era ("AM") ever appears.
 */
export type CalendarLocale = 'en' | 'am';

export type EthiopianDateParts = { year: number; month: number; day: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string, month: 'numeric' | 'long'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${month}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      calendar: 'ethiopic',
      numberingSystem: 'latn',
      day: 'numeric',
      month,
      year: 'numeric',
      timeZone,
    });
    formatters.set(key, f);
  }
  return f;
}

function partsOf(f: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(date)) if (p.type !== 'literal') out[p.type] = p.value;
  return out;
}

/** The Ethiopian year, month (1–13) and day of an instant, on the wall clock of `timeZone`. */
export function ethiopianDateParts(date: Date, timeZone: string): EthiopianDateParts {
  const p = partsOf(formatter('en', timeZone, 'numeric'), date);
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

/** 'Meskerem 1, 2018' in English, 'መስከረም 1 2018' in Amharic: the Ethiopian date of an instant in `timeZone`. */
export function formatEthiopianDate(date: Date, opts: { locale: CalendarLocale; timeZone: string }): string {
  const p = partsOf(formatter(opts.locale === 'am' ? 'am' : 'en', opts.timeZone, 'long'), date);
  return opts.locale === 'am' ? `${p.month} ${p.day} ${p.year}` : `${p.month} ${p.day}, ${p.year}`;
}
