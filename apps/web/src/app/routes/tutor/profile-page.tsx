import { useTranslation } from 'react-i18next';
import { publishGaps } from '@tibeb/domain/tutors/publishing';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { signInAgain } from '../../../features/auth/hooks/use-auth.ts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ProfileCard } from '../../../features/auth/components/profile-card.tsx';
import { useTutorProfile } from '../../../features/tutor-profile/api/get-profile.ts';
import type { ProfileScope } from '../../../features/tutor-profile/api/scope.ts';
import { AvailabilityEditor } from '../../../features/tutor-profile/components/availability-editor.tsx';
import { PhotoUpload } from '../../../features/tutor-profile/components/photo-upload.tsx';
import { TimeOffEditor } from '../../../features/tutor-profile/components/time-off-editor.tsx';
import { TutorProfileForm } from '../../../features/tutor-profile/components/profile-form.tsx';
import { DirectoryPreview } from '../directory-preview.tsx';
import { StrandedLessons } from '../../../features/tutor-week/components/tutor-changes-panel.tsx';

const scope: ProfileScope = { area: 'tutor' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('tutor');
  return (
    <section className="mt-8 space-y-3 first:mt-0" aria-label={t(title)}>
      <h2 className="text-lg font-semibold text-stone-900">{t(title)}</h2>
      {children}
    </section>
  );
}

/** The tutor's own profile (public card, photo) and account. */
export function TutorProfilePage() {
  const { t, i18n } = useTranslation('tutor');
  const profile = useTutorProfile(scope);
  if (profile.isPending) return <Spinner label={t('Loading...')} />;
  if (profile.isError) {
    return (
      <>
        <Alert tone="error">
          {t('Your account is not linked to a tutor profile yet. Please contact the Tibeb Tutoring team.')}
        </Alert>
        <Section title="Account">
          <ProfileCard />
        </Section>
      </>
    );
  }
  const gaps = publishGaps(profile.data);
  const needs = {
    hourly_rate: t('an hourly rate (set by the office)'),
    bio: t('a bio'),
    profile_image: t('a photo'),
    availability: t('weekly availability (in Schedule)'),
  };
  return (
    <>
      {!profile.data.is_published && (
        // Drafts before the directory (decision 265): the tutor knows why families do not see the profile yet.
        <div className="mb-6">
          <Alert tone="info">
            {gaps.length > 0
              ? t('Your profile is not in the directory yet. It still needs: {{list}}.', {
                  list: new Intl.ListFormat(i18n.language).format(gaps.map((gap) => needs[gap])),
                })
              : t('Your profile is complete: the office publishes it in the directory.')}
          </Alert>
        </div>
      )}
      <Section title="Public profile">
        <TutorProfileForm
          scope={scope}
          profile={profile.data}
          renderPreview={(tutor) => <DirectoryPreview tutor={tutor} />}
        />
      </Section>
      <Section title="Photo">
        <PhotoUpload scope={scope} image={profile.data.profile_image} name={profile.data.full_name} />
      </Section>
      <Section title="Account">
        <ProfileCard />
      </Section>
      <div className="mt-8 max-w-3xl rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <p className="mb-4 text-sm text-stone-600">{t('Changing the password signs you out everywhere.')}</p>
        <TutorPasswordForm />
      </div>
    </>
  );
}

/** The tutor's own password; every session ends on success, so the tutor signs in again with the new one. */
function TutorPasswordForm() {
  return (
    <ChangePasswordForm
      onChanged={(message) => {
        signInAgain(message);
      }}
    />
  );
}

/** The weekly availability and time off, edited in the Schedule screen. */
export function AvailabilitySection() {
  const { t } = useTranslation('tutor');
  const profile = useTutorProfile(scope);
  if (profile.isPending) return <Spinner label={t('Loading...')} />;
  if (profile.isError) return null;
  return (
    <>
      <Section title="Weekly availability">
        <AvailabilityEditor
          scope={scope}
          availability={profile.data.availability}
          timeZone={profile.data.time_zone}
        />
      </Section>
      <Section title="Time off">
        <TimeOffEditor scope={scope} renderStranded={(ids) => <StrandedLessons ids={ids} />} />
      </Section>
    </>
  );
}
