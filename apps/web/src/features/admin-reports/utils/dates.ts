import type { Dates } from '../../../lib/dates.ts';

/**
 * The reports' dates (issue 18): English keeps the ISO dates and months the reports have always shown
 * ('2026-01-31', '2026-01'); in Amharic (or with Ethiopian dates asked for) they are written out through
 * `useDates()`, with the Ethiopian date or months beside them. Chart axes take `withEthiopian: false`.
 */
export function reportDates(dates: Dates) {
  const written = dates.language !== 'en' || dates.ethiopian;
  return {
    day: (iso: string) => (written ? dates.format(iso, 'date') : iso),
    month: (ym: string, withEthiopian = dates.ethiopian) => {
      const [year, month] = ym.split('-').map(Number);
      if (!written || !year || !month) return ym;
      return dates.month({ year, month }, 'monthShort', withEthiopian);
    },
  };
}
