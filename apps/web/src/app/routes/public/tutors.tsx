import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function TutorsPage() {
  usePageMeta(
    'Find a tutor',
    'Browse Ethiopian tutors by subject and grade, read their profiles and book weekly online sessions.',
  );
  return <PageHero title={'Find a tutor'} subtitle={'Meet Our Expert Tutors'} />;
}
