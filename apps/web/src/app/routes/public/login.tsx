import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function LoginPage() {
  usePageMeta('Sign in', 'Sign in to your Tibeb Tutoring account.');
  return <PageHero title={'Sign in'} subtitle={'Sign in to your account.'} />;
}
