import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { marketingSubjects } from '@tibeb/domain/site/subjects';
import { CardCover } from '../../../components/ui/card-cover.tsx';

/** The four subjects of spec §3, each linking to its tutors and to booking by subject. */
export function SubjectCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('public');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {marketingSubjects.map((s) => {
        const name = t(s.name);
        return (
          <li
            key={s.slug}
            className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
          >
            <CardCover src={s.imageUrl} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" />
            <div className="flex flex-1 flex-col p-5">
              <Heading className="text-lg font-bold text-stone-900">{name}</Heading>
              <p className="mt-1 text-sm font-semibold text-brand-700">{t(s.level)}</p>
              <p className="mt-2 flex-1 text-sm text-stone-600">{t(s.description)}</p>
              <p className="mt-3 text-xs text-stone-600">{s.topics.map((topic) => t(topic)).join(' · ')}</p>
              <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
                <Link
                  to={`/tutors?subject=${encodeURIComponent(s.name)}`}
                  className="text-brand-700 underline-offset-2 hover:underline"
                  aria-label={t('Find tutors for {{subject}}', { subject: name })}
                >
                  {t('Find tutors')}
                </Link>
                <Link
                  to={`/booking/form?subject=${s.slug}`}
                  className="text-brand-700 underline-offset-2 hover:underline"
                  aria-label={t('Book by subject in {{subject}}', { subject: name })}
                >
                  {t('Book by subject')}
                </Link>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
