import { directoryMessages } from '@tibeb/domain/tutors/messages';
import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { TutorDirectory } from '../../../features/tutors/components/tutor-directory.tsx';

export default function TutorsPage() {
  usePageMeta(
    'Find a tutor',
    'Browse Ethiopian tutors by subject and grade, read their profiles and book weekly online sessions.',
  );
  return (
    <>
      <PageHero title={directoryMessages.heading} subtitle={directoryMessages.subtitle} />
      <TutorDirectory />
    </>
  );
}
