import { PageHero } from '../../../components/page-hero.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Reset your Tibeb Tutoring password.');
  return (
    <PageHero title={'Forgot password'} subtitle={'We will e-mail you a link to reset your password.'} />
  );
}
