import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function ContactPage() {
  usePageMeta(
    'Contact us',
    'Write to the Tibeb Tutoring team: questions about tutors, bookings or payments.',
  );
  return (
    <PageHero title={'Contact us'} subtitle={'Send us a message and we will reply within one working day.'} />
  );
}
