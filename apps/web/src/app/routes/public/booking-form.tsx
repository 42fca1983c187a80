import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function BookingFormPage() {
  usePageMeta('Book a session', 'Book recurring weekly online sessions with a tutor, or by subject.');
  return <PageHero title={'Book a session'} subtitle={'Book recurring weekly online sessions.'} />;
}
