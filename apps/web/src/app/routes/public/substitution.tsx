import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SubstitutionAnswerView } from '../../../features/substitution/components/substitution-answer.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** Where the office's "a new tutor" e-mail lands: /substitution/{token} (decision 274). */
export default function SubstitutionPage() {
  const { t } = useTranslation('booking');
  usePageMeta(
    t('A new tutor for your lessons'),
    t('Accept or decline the tutor the office offers for the lessons to come.'),
  );
  const { token = '' } = useParams();
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-brand-800">
        {t('A new tutor for your lessons')}
      </h1>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:p-6">
        <SubstitutionAnswerView token={token} />
      </div>
    </section>
  );
}
