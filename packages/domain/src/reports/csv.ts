/**
 * CSV for the admin's exports (RFC 4180: CRLF lines, quoted when needed). A cell that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at its start) is prefixed with a quote, so an exported name cannot run anything.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as a plain decimal for spreadsheets: 12345 → "123.45", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An instant as East Africa Time for the exports' "(EAT)" columns, as the screens show it: "2026-03-02 13:00"
 * (Addis Ababa is UTC+3 all year). Null or unreadable: ''.
 */
export function eatCsvTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(ms + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}
