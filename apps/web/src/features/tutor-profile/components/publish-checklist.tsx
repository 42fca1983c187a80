import { useTranslation } from 'react-i18next';
import { publishGaps, publishRequirements, type PublishRequirement } from '@tibeb/domain/tutors/publishing';
import type { TutorProfile } from '@tibeb/domain/tutors/profile';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useSaveProfile } from '../api/save-profile.ts';

/**
 * Drafts before the directory (issue 31 item 5, decision 265): whether the tutor is published, what the profile
 * still needs (the domain's `publishGaps`, the rule the API applies), and the one button that publishes it once
 * complete, or takes it out of the directory.
 */
export function PublishChecklist({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTranslation('admin');
  const save = useSaveProfile({ area: 'admin', tutorId: tutor.id });
  const labels: Record<PublishRequirement, string> = {
    hourly_rate: t('An hourly rate above zero'),
    bio: t('A bio'),
    profile_image: t('A photo'),
    availability: t('Weekly availability'),
  };
  const gaps = publishGaps(tutor);
  const ready = gaps.length === 0;
  return (
    <section
      aria-labelledby={`publish-${tutor.id}`}
      className="min-w-0 space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`publish-${tutor.id}`} className="text-lg font-semibold text-stone-900">
        {tutor.is_published ? t('Published in the directory') : t('Draft: not in the directory')}
      </h2>
      {!tutor.is_published && (
        <p className="text-sm text-stone-700">
          {ready
            ? t('The profile is complete. Families see it once you publish it.')
            : t('Families cannot see or book this tutor until the profile is complete and published.')}
        </p>
      )}
      <ul className="space-y-1 text-sm" aria-label={t('What publishing needs')}>
        {publishRequirements.map((requirement) => {
          const missing = gaps.includes(requirement);
          return (
            <li key={requirement} className={missing ? 'text-red-800' : 'text-emerald-800'}>
              <span aria-hidden="true">{missing ? '✗ ' : '✓ '}</span>
              {labels[requirement]}
              <span className="sr-only">{missing ? ` ${t('(missing)')}` : ` ${t('(done)')}`}</span>
            </li>
          );
        })}
      </ul>
      {save.isError && (
        <Alert tone="error">
          {translateAnswer(t, save.error) ?? t('Something went wrong. Please try again.')}
        </Alert>
      )}
      {tutor.is_published ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={save.isPending}
          onClick={() => save.mutate({ is_published: false })}
        >
          {t('Take out of the directory')}
        </button>
      ) : (
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={!ready || save.isPending}
          aria-describedby={ready ? undefined : `publish-${tutor.id}-why`}
          onClick={() => save.mutate({ is_published: true })}
        >
          {t('Publish')}
        </button>
      )}
      {!tutor.is_published && !ready && (
        <p id={`publish-${tutor.id}-why`} className="text-xs text-stone-600">
          {t('Complete the items marked ✗ to publish.')}
        </p>
      )}
    </section>
  );
}
