import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { directoryMessages } from '@tibeb/domain/tutors/messages';
import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { TutorDirectory } from '../../../features/tutors/components/tutor-directory.tsx';
import { directoryQueryOf, directorySearchOf } from '../../../features/tutors/hooks/use-directory-filters.ts';

export default function TutorsPage() {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  // A filtered directory is a page of its own (shared, indexed): its address is its filters in one order; the
  // order of the list (sort) makes no other page.
  const { sort: _sort, ...filters } = directoryQueryOf(params);
  const search = directorySearchOf(filters).toString();
  usePageMeta(
    t('Find a tutor'),
    t('Browse Ethiopian tutors by subject and grade, read their profiles and book weekly online sessions.'),
    { canonical: search ? `/tutors?${search}` : '/tutors' },
  );
  return (
    <>
      <PageHero title={t(directoryMessages.heading)} subtitle={t(directoryMessages.subtitle)} />
      <TutorDirectory />
    </>
  );
}
