import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';
import { FaqAccordion } from '../../../features/content/components/faq-accordion.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export default function FaqPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('Frequently asked questions'),
    t(
      'Answers about subjects, online sessions, scheduling, cancelling, payments, refunds, support and switching tutors.',
    ),
  );
  return (
    <>
      <PageHero title={t('Frequently asked questions')} subtitle={t('Answers to common questions.')} />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <FaqAccordion />
        <p className="mt-8 text-center text-stone-700">
          {t('Still have a question?')}{' '}
          <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
            {t('Contact us')}
          </Link>
          {t('.')}
        </p>
      </div>
    </>
  );
}
