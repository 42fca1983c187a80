import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { blogPreviews } from '@tibeb/domain/site/blog-previews';
import { bookingPolicyDefaults } from '@tibeb/domain/bookings/policy-defaults';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CardCover } from '../../../components/ui/card-cover.tsx';
import { useDates } from '../../../lib/dates.ts';

export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-bold text-stone-900 sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="mt-2 text-stone-600">{subtitle}</p>}
    </div>
  );
}

export function Section({
  id,
  title,
  subtitle,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={tinted ? 'bg-white' : ''}>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading id={id} title={title} subtitle={subtitle} />
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The picture of an online lesson beside the about texts (half the width from md up, below them on phones). */
export function LessonPicture({ alt }: { alt: string }) {
  return (
    <img
      src="/images/home/online-lesson.svg"
      alt={alt}
      width={480}
      height={320}
      loading="lazy"
      decoding="async"
      className="w-full rounded-2xl"
    />
  );
}

export function AboutSection() {
  const { t } = useTranslation('public');
  return (
    <section
      aria-labelledby="about-title"
      className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2"
    >
      <div>
        <h2 id="about-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
          {t('About Tibeb Tutoring')}
        </h2>
        <p className="mt-4 text-stone-700">
          <i lang="am">{t('Tibeb')}</i>{' '}
          {t(
            'means wisdom. We connect children of Ethiopian families — in Addis Ababa, Washington DC, London, Toronto or Dubai — with experienced Ethiopian teachers for live, one-to-one lessons online.',
          )}
        </p>
        <p className="mt-3 text-stone-700">
          {t(
            'Every tutor is interviewed, checks are made on their qualifications, and lessons are planned around your child’s school curriculum and your family’s languages.',
          )}
        </p>
        <Link
          to="/about"
          className="mt-5 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {t('Learn more about us')}
        </Link>
      </div>
      <LessonPicture alt={t('A tutor and a student smiling at each other in an online lesson')} />
    </section>
  );
}

/** The four reasons (their Amharic is in locales/am/public.json; the locales test checks each). */
export const features = [
  { title: 'Vetted Ethiopian tutors', text: 'Interviewed, qualified and rated by the families they teach.' },
  { title: 'Your time zone', text: 'Lesson times in Ethiopian time (EAT) with your local time beside them.' },
  { title: 'Secure card payment', text: 'Pay through a trusted hosted checkout; we never see your card.' },
  {
    title: 'Weekly routine',
    text: 'Recurring sessions on the days you choose, so learning becomes a habit.',
  },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="features-title" title={t('Why families choose us')} tinted>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((f) => (
          <li key={f.title} className="rounded-2xl bg-brand-50 p-6">
            <h3 className="font-bold text-brand-800">{t(f.title)}</h3>
            <p className="mt-2 text-sm text-stone-700">{t(f.text)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Weeks one payment covers, as the policy settings give them (decision 254); the route passes them in. */
type PolicyProps = { weeks?: number };

export const steps = [
  {
    title: 'Choose',
    text: 'Browse tutors by subject and grade, or book by subject and let us match a tutor.',
  },
  { title: 'Schedule', text: 'Pick a start date, the weekdays and a time for each day.' },
  {
    title: 'Pay securely',
    text: 'Confirm and pay by card; the first payment covers {{weeks}} weeks of lessons.',
  },
  { title: 'Learn', text: 'Join live online lessons and follow progress from your dashboard.' },
] as const;

export function HowItWorksSection({ weeks = bookingPolicyDefaults.weeks_per_payment }: PolicyProps) {
  const { t } = useTranslation('public');
  const values = { weeks };
  return (
    <Section
      id="how-title"
      title={t('How it works')}
      subtitle={t('From first visit to first lesson in a few minutes.')}
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((s, i) => (
          <li key={s.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 font-bold text-stone-900">
              <span className="sr-only">{t('Step {{number}}:', { number: i + 1 })} </span>
              {t(s.title)}
            </h3>
            <p className="mt-2 text-sm text-stone-600">{t(s.text, values)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function BlogPreviewsSection() {
  const { t } = useTranslation('public');
  const dates = useDates();
  return (
    <Section
      id="blog-previews-title"
      title={t('From our blog')}
      subtitle={t('Ideas and advice for parents and students.')}
      tinted
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {blogPreviews.map((p) => (
          <li
            key={p.id}
            className="flex flex-col overflow-hidden rounded-2xl bg-stone-50 ring-1 ring-stone-200"
          >
            <CardCover src={p.image} sizes="(min-width: 768px) 33vw, 100vw" />
            <div className="flex flex-1 flex-col p-5">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t(p.category)}</p>
              <h3 className="mt-2 text-lg font-bold text-stone-900">{t(p.title)}</h3>
              <p className="mt-2 flex-1 text-sm text-stone-600">{t(p.excerpt)}</p>
              <p className="mt-4 text-xs text-stone-600">
                <time dateTime={p.date}>{dates.format(p.date, 'dateMedium')}</time> · {t(p.readTime)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/blog" className={`${buttonStyles.secondary} mt-8`}>
        {t('Read the blog')}
      </Link>
    </Section>
  );
}

export function CallToActionSection({ weeks = bookingPolicyDefaults.weeks_per_payment }: PolicyProps) {
  const { t } = useTranslation('public');
  const values = { weeks };
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-14">
      <div className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
          {t('Ready to start learning?')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-emerald-50">
          {t('Book a weekly lesson today. Your first {{weeks}} weeks are planned in minutes.', values)}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/tutors" className={buttonStyles.accent}>
            {t('Find a tutor')}
          </Link>
          <Link
            to="/contact"
            className="inline-flex items-center rounded-lg border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10"
          >
            {t('Ask us a question')}
          </Link>
        </div>
        <p className="mt-6 text-emerald-50">
          {t('Are you a teacher?')}{' '}
          <Link to="/teach" className="font-semibold text-white underline">
            {t('Teach with Tibeb')}
          </Link>
        </p>
      </div>
    </section>
  );
}
