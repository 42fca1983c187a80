import type { Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: admin
/**
 * Values the reservation API sends as codes, shown as they always were in English (the code, or the action with
 * spaces) and in Amharic through literal `t()` calls the locales checker reads.
 */

/** A weekday code of the plan ('mon' … 'sun'). */
export function weekday(t: Translate, code: string): string {
  const names: Record<string, string> = {
    mon: t('mon'),
    tue: t('tue'),
    wed: t('wed'),
    thu: t('thu'),
    fri: t('fri'),
    sat: t('sat'),
    sun: t('sun'),
  };
  return names[code] ?? code;
}

/** What a cancelled session gave back. */
export function cancelOutcome(t: Translate, outcome: string): string {
  const names: Record<string, string> = { credit: t('credit'), refund: t('refund'), none: t('none') };
  return names[outcome] ?? outcome;
}

/** The reservation's history (booking events), by action. */
export const historyLabels = (t: Translate): Record<string, string> => ({
  reservation_created: t('reservation created'),
  reservation_confirmed: t('reservation confirmed'),
  reservation_completed: t('reservation completed'),
  credit_applied: t('credit applied'),
  second_payment: t('second payment'),
  refunded: t('refunded'),
  hold_expired: t('hold expired'),
  checkout_expired: t('checkout expired'),
  checkout_cancelled: t('checkout cancelled'),
  checkout_failed: t('checkout failed'),
  session_cancelled: t('session cancelled'),
  session_rescheduled: t('session rescheduled'),
  session_completed: t('session completed'),
  attendance_marked: t('attendance marked'),
  substitute_offered: t('another tutor offered'),
  substitute_accepted: t('another tutor accepted'),
  substitute_declined: t('another tutor declined'),
  substitute_withdrawn: t('offer of another tutor withdrawn'),
});
