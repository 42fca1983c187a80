import type { AvailabilityDay } from '@tibeb/domain/tutors/contract';
import type { Translate } from '../../../lib/translate-message.ts';

// i18n-namespace: admin
/** The weekdays' names (the domain's `weekdayLabels`) through literal `t()` calls the locales checker reads. */
export const weekdayNames = (t: Translate): Record<AvailabilityDay, string> => ({
  mon: t('Monday'),
  tue: t('Tuesday'),
  wed: t('Wednesday'),
  thu: t('Thursday'),
  fri: t('Friday'),
  sat: t('Saturday'),
  sun: t('Sunday'),
});
