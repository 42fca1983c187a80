import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommissionForm } from '../../../features/admin-tutors/components/commission-form.tsx';
import { Link, useNavigate, useParams } from 'react-router';
import type { PublicTutorListItem } from '@tibeb/domain/tutors/contract';
import type { TutorProfile } from '@tibeb/domain/tutors/profile';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AuditTrail } from '../../../features/audit/components/audit-trail.tsx';
import { PublishChecklist } from '../../../features/tutor-profile/components/publish-checklist.tsx';
import { TutorSummary } from '../../../features/admin-tutors/components/tutor-summary.tsx';
import { TutorsList } from '../../../features/admin-tutors/components/tutors-list.tsx';
import { useTutorProfile } from '../../../features/tutor-profile/api/get-profile.ts';
import type { ProfileScope } from '../../../features/tutor-profile/api/scope.ts';
import { AvailabilityEditor } from '../../../features/tutor-profile/components/availability-editor.tsx';
import { PhotoUpload } from '../../../features/tutor-profile/components/photo-upload.tsx';
import { TimeOffEditor } from '../../../features/tutor-profile/components/time-off-editor.tsx';
import { TutorProfileForm } from '../../../features/tutor-profile/components/profile-form.tsx';
import { DirectoryPreview } from '../directory-preview.tsx';
import { AdminScreen } from './admin-pages.tsx';

const preview = (t: PublicTutorListItem) => <DirectoryPreview tutor={t} />;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 space-y-3" aria-label={title}>
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

export function AdminTutorsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminScreen
      title={t('Manage Tutors')}
      intro={t(
        'The tutors families can book: profiles, subjects, rates, photos, weekly availability and time off.',
      )}
    >
      <div className="mb-4">
        <Link to="/admin/tutors/add" className={buttonStyles.primary}>
          {t('Add tutor')}
        </Link>
      </div>
      <TutorsList />
    </AdminScreen>
  );
}

export function AdminTutorAddPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <AdminScreen
      title={t('Add tutor')}
      intro={t(
        'The public profile first; then the photo, weekly availability and time off on the next screen. A new tutor is a draft until the profile is complete and you publish it.',
      )}
    >
      <TutorProfileForm
        scope={{ area: 'admin' }}
        renderPreview={preview}
        onSaved={(p) => void navigate(`/admin/tutors/${p.id}/edit`, { state: { created: true } })}
      />
    </AdminScreen>
  );
}

/**
 * An admin screen of one tutor, the one in the address: a spinner while the profile loads, 'Tutor not found.' for
 * an unknown one; after what `children` shows of it, its time off and its audit trail.
 */
function TutorScreen({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (tutor: { profile: TutorProfile; scope: ProfileScope; id: number }) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { id: param = '' } = useParams();
  const id = /^\d{1,9}$/.test(param) ? Number(param) : null;
  const scope: ProfileScope = { area: 'admin', tutorId: id ?? 0 };
  const profile = useTutorProfile(scope);
  return (
    <AdminScreen title={title} intro={intro}>
      {profile.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : profile.isError || id === null ? (
        <Alert tone="error">{t('Tutor not found.')}</Alert>
      ) : (
        <>
          {children({ profile: profile.data, scope, id })}
          <Section title={t('Time off')}>
            <TimeOffEditor scope={scope} />
          </Section>
          <div className="mt-8">
            <AuditTrail entityType="tutor" entityId={String(id)} title={t('Audit trail')} />
          </div>
        </>
      )}
    </AdminScreen>
  );
}

export function AdminTutorViewPage() {
  const { t } = useTranslation('admin');
  return (
    <TutorScreen
      title={t('Tutor')}
      intro={t("The tutor's profile as families see it, the week, and every change made.")}
    >
      {({ profile, id }) => (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold break-words text-stone-900">{profile.full_name}</h2>
            <Link to={`/admin/tutors/${id}/edit`} className={buttonStyles.primary}>
              {t('Edit tutor')}
            </Link>
          </div>
          <div className="mb-6">
            <PublishChecklist tutor={profile} />
          </div>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <TutorSummary tutor={profile} />
            <section aria-label={t('Preview')} className="min-w-0 space-y-2">
              <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
                {t('In the directory')}
              </h2>
              <DirectoryPreview tutor={profile} />
            </section>
          </div>
        </>
      )}
    </TutorScreen>
  );
}

export function AdminTutorEditPage() {
  const { t } = useTranslation('admin');
  return (
    <TutorScreen
      title={t('Edit tutor')}
      intro={t(
        'The public profile, photo, weekly availability and time off. Families see every change at once.',
      )}
    >
      {({ profile, scope, id }) => (
        <>
          <p className="mb-4">
            <Link to={`/admin/tutors/${id}/view`} className="text-brand-700 underline">
              {t('Back to {{name}}', { name: profile.full_name })}
            </Link>
          </p>
          <PublishChecklist tutor={profile} />
          <Section title={t('Profile')}>
            <TutorProfileForm scope={scope} profile={profile} renderPreview={preview} />
          </Section>
          <Section title={t('Photo')}>
            <PhotoUpload scope={scope} image={profile.profile_image} name={profile.full_name} />
          </Section>
          <Section title={t('Commission')}>
            <CommissionForm tutorId={id} />
          </Section>
          <p className="mt-8 text-sm text-stone-700">
            {t(
              "A change that would leave a booked session outside the tutor's time is refused and the sessions are listed: move or cancel them first in",
            )}{' '}
            <Link to={`/admin/reservation?tutor_id=${id}`} className="text-brand-700 underline">
              {t("this tutor's reservations")}
            </Link>
            {t('.')}
          </p>
          <Section title={t('Weekly availability')}>
            <AvailabilityEditor
              scope={scope}
              availability={profile.availability}
              timeZone={profile.time_zone}
            />
          </Section>
        </>
      )}
    </TutorScreen>
  );
}
