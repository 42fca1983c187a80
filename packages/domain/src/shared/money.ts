/** Amounts are integer cents with a currency code (DESIGN §1.3); dollars appear only at the edges. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;

/** '$12.50' style: USD with 2 decimals (spec §9). */
export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  }).format(fromCents(cents));
}
