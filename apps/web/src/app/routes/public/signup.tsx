import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function SignupPage() {
  usePageMeta('Create an account', "Create a family account to follow your child's sessions.");
  return <PageHero title={'Create an account'} subtitle={'Create a family account.'} />;
}
