import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { LessonPicture } from '../../../features/home/components/sections.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** What we stand for (their Amharic is in locales/am/public.json; the locales test checks each). */
export const values = [
  {
    title: 'Careful tutor selection',
    text: 'Every tutor is interviewed, gives a sample lesson and shows their qualifications before they are listed. Families rate each tutor after lessons.',
  },
  {
    title: 'Lessons that fit your family',
    text: 'Recurring weekly sessions at times that suit you, shown in Ethiopian time and in your own time zone.',
  },
  {
    title: 'Language and culture',
    text: 'Amharic, Tigrigna and Afaan Oromoo lessons help children abroad speak with their grandparents and read their heritage.',
  },
  {
    title: 'Fair and safe payment',
    text: 'Prices are shown before you pay, by card through a secure hosted checkout; a lesson we cannot deliver is credited or refunded.',
  },
] as const;

export default function AboutPage() {
  const { t } = useTranslation('public');
  usePageMeta(
    t('About us'),
    t(
      "About Tibeb Tutoring: who we are, how we vet Ethiopian tutors, and why families abroad trust us with their children's learning.",
    ),
  );
  return (
    <>
      <PageHero
        title={t('About us')}
        subtitle={t('We connect families with vetted Ethiopian tutors for weekly online lessons.')}
      />
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2 md:items-center">
        <div className="space-y-4 text-stone-700">
          <h2 className="text-2xl font-bold text-stone-900">{t('Our story')}</h2>
          <p>
            {t(
              'Tibeb Tutoring began with parents in the diaspora who wanted their children to keep up with mathematics and science — and to keep speaking the languages of home. Good teachers in Ethiopia wanted to reach them. We built a simple, trustworthy way to bring them together.',
            )}
          </p>
          <p>
            {t(
              'Today our tutors teach children in Addis Ababa, North America, Europe, the Gulf and Australia, in one-to-one live lessons from kindergarten to exam preparation.',
            )}
          </p>
        </div>
        <LessonPicture alt={t('A tutor and a student in an online lesson')} />
      </section>
      <section aria-labelledby="values-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="values-title" className="text-2xl font-bold text-stone-900">
            {t('What we stand for')}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {values.map((v) => (
              <li key={v.title} className="rounded-2xl bg-brand-50 p-6">
                <h3 className="font-bold text-brand-800">{t(v.title)}</h3>
                <p className="mt-2 text-stone-700">{t(v.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-14 text-center">
        <h2 className="text-2xl font-bold text-stone-900">{t('Meet our tutors')}</h2>
        <p className="mx-auto mt-2 max-w-xl text-stone-600">
          {t('Read their profiles, reviews and weekly availability.')}
        </p>
        <Link to="/tutors" className={`${buttonStyles.primary} mt-6`}>
          {t('Browse tutors')}
        </Link>
      </section>
    </>
  );
}
