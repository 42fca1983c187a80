import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function ResetPasswordPage() {
  usePageMeta('Choose a new password', 'Choose a new password for your account.');
  return <PageHero title={'Choose a new password'} subtitle={'Choose a new password.'} />;
}
