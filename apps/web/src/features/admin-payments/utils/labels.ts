import type { Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: admin
/**
 * A payment's status and provider as the ledger names them: in English the recorded value (underscores as
 * spaces), in Amharic through literal `t()` calls the locales checker reads.
 */
export function paymentStatusLabel(t: Translate, status: string): string {
  const labels: Record<string, string> = {
    pending: t('pending'),
    paid: t('paid'),
    expired: t('expired'),
    cancelled: t('cancelled'),
    failed: t('failed'),
    refunded: t('refunded'),
    partially_refunded: t('partially refunded'),
  };
  return labels[status] ?? status.replace(/_/g, ' ');
}

/** Card and birr providers keep their names; the demo checkout and family credit are named in words. */
export function providerLabel(t: Translate, provider: string): string {
  const labels: Record<string, string> = { demo: t('demo'), credit: t('credit') };
  return labels[provider] ?? provider;
}
