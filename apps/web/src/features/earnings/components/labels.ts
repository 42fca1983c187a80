import type { EarningsResponse } from '@tibeb/domain/ledger/earnings';

/** An entry's state in plain words (English keys of the `earnings` namespace). */
export const stateLabels: Record<EarningsResponse['entries'][number]['state'], string> = {
  pending: 'Pending',
  available: 'Available',
  in_transit: 'In transit',
  paid_out: 'Paid out',
};

/** 'YYYY-MM' → { year, month }, for the month's name in the interface language. */
export function parseMonth(value: string): { year: number; month: number } {
  const [year, month] = value.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1 };
}
