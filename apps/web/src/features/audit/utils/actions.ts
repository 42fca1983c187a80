import type { Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: admin
/**
 * What an audit entry's action says, by the action the API records (the English text is the action itself, as the
 * trail has always shown it); an action not listed here is shown as recorded.
 */
export const auditActionLabels = (t: Translate): Record<string, string> => ({
  create: t('create'),
  update: t('update'),
  delete: t('delete'),
  publish: t('publish'),
  unpublish: t('unpublish'),
  reorder: t('reorder'),
  approve: t('approve'),
  hide: t('hide'),
  hold: t('hold'),
  activate: t('activate'),
  deactivate: t('deactivate'),
  change_role: t('change_role'),
  set_password: t('set_password'),
  change_password: t('change_password'),
  update_profile: t('update_profile'),
  update_contact: t('update_contact'),
  update_booking_policy: t('update_booking_policy'),
  mark_handled: t('mark_handled'),
  mark_unhandled: t('mark_unhandled'),
  'payment.refund': t('payment.refund'),
  refund_retry: t('refund_retry'),
  'tutor.create': t('tutor.create'),
  'tutor.update': t('tutor.update'),
  'tutor.availability': t('tutor.availability'),
  'tutor.photo': t('tutor.photo'),
  'tutor.time_off.add': t('tutor.time_off.add'),
  'tutor.time_off.remove': t('tutor.time_off.remove'),
  'reservation.cancel_sessions': t('reservation.cancel_sessions'),
  'reservation.reschedule_sessions': t('reservation.reschedule_sessions'),
  'session.attendance': t('session.attendance'),
});
