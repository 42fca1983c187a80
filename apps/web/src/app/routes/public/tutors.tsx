import { useTranslation } from 'react-i18next';
import { directoryMessages } from '@tibeb/domain/tutors/messages';
import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { TutorDirectory } from '../../../features/tutors/components/tutor-directory.tsx';

export default function TutorsPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Find a tutor'),
    t('Browse Ethiopian tutors by subject and grade, read their profiles and book weekly online sessions.'),
  );
  return (
    <>
      <PageHero title={t(directoryMessages.heading)} subtitle={t(directoryMessages.subtitle)} />
      <TutorDirectory />
    </>
  );
}
