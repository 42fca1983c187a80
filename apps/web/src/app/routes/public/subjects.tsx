import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function SubjectsPage() {
  usePageMeta(
    'Subjects',
    'Mathematics, Sciences, Languages (Amharic, Tigrigna, Afaan Oromoo) and Coding with experienced Ethiopian tutors.',
  );
  return <PageHero title={'Subjects'} subtitle={'Mathematics, Sciences, Languages and Coding.'} />;
}
