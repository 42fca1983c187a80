/** Amounts are integer cents with a currency code (DESIGN §1.3); dollars appear only at the edges. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;

let usd: Intl.NumberFormat | undefined;

/**
 * '$12.50' style: USD with 2 decimals (spec §9). One formatter for every amount: making one costs more than a
 * millisecond on a slow phone, and a page of tutors formats dozens of rates.
 */
export function formatUsd(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  return usd.format(fromCents(cents));
}
