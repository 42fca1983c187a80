import { bioPreview, displayEducation, displayName } from '@tibeb/domain/tutors/directory';
import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { formatUsd, toCents } from '@tibeb/domain/shared/money';
import type { DirectoryTutor } from '../api/search-tutors.ts';

/** The `t` of `useTranslation('public')`, as these formatters need it. */
// i18n-namespace: public
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "$25.00/hr"; a missing rate is shown as such rather than as $0. */
export const formatHourlyRate = (t: Translate, rate: number | null) =>
  rate === null ? t('Rate on request') : t('{{price}}/hr', { price: formatUsd(toCents(rate)) });

export const formatYears = (t: Translate, years: number | null) => {
  const n = Math.max(0, Math.trunc(years ?? 0));
  return n === 1 ? t('1 year') : t('{{count}} years', { count: n });
};

// The spec's fallbacks (§2) are translated; what the tutor wrote is shown as written.
const blank = (value: string) => value.trim() === '';
export const tutorName = (t: Translate, fullName: string) =>
  blank(fullName) ? t(m.unnamedTutor) : displayName(fullName);
export const tutorBioPreview = (t: Translate, bio: string) => (blank(bio) ? t(m.noBio) : bioPreview(bio));
export const tutorEducation = (t: Translate, education: string) =>
  blank(education) ? t(m.educationNotSpecified) : displayEducation(education);

/** "Trial lesson: 30 min, free" (decision 273); null when the tutor offers none. */
export const formatTrial = (t: Translate, trial: DirectoryTutor['trial']) =>
  trial == null
    ? null
    : trial.free
      ? t('Trial lesson: {{minutes}} min, free', { minutes: trial.minutes })
      : t('Trial lesson: {{minutes}} min, {{price}}', {
          minutes: trial.minutes,
          price: formatUsd(trial.price_cents),
        });

/** The trial path of a tutor (decision 273). */
export const trialPath = (tutor: Pick<DirectoryTutor, 'id'>) => `/booking/trial/${tutor.id}`;

/** The state the booking wizard reads (spec §2: the tutor id passed as navigation state). */
export const bookingState = (tutor: Pick<DirectoryTutor, 'id'>) => ({ tutorId: tutor.id });
