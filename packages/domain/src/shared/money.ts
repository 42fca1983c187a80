/** Amounts are integer cents with a currency code (DESIGN §1.3); dollars appear only at the edges. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;

/**
 * '1,234.50': an amount in cents as English digits, thousands grouped, two decimals, '-' before a negative one.
 * Written out rather than asked of `Intl.NumberFormat`, whose first use loads its number data: tens of milliseconds
 * of a slow phone's main thread while a page is taken over, for one fixed format.
 */
export function formatCents(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  const units = Math.floor(whole / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 && whole > 0 ? '-' : ''}${units}.${String(whole % 100).padStart(2, '0')}`;
}

/** '$12.50' style: USD with 2 decimals (spec §9); '-$12.50' below zero. */
export function formatUsd(cents: number): string {
  const number = formatCents(cents);
  return number.startsWith('-') ? `-$${number.slice(1)}` : `$${number}`;
}
