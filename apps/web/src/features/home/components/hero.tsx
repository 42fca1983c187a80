import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { useTypingEffect } from '../hooks/use-typing-effect.ts';

export const heroWords = [
  'Mathematics',
  'Sciences',
  'Amharic',
  'Tigrigna',
  'Afaan Oromoo',
  'Coding',
] as const;

// Where the typed word goes in the heading's sentence: Amharic puts it in the middle, before the verb.
const SLOT = '\u0000';

/** The landing hero with its typing effect (spec §1); still when the visitor prefers reduced motion. */
export function Hero() {
  const { t } = useTranslation('public');
  const reducedMotion = useReducedMotion();
  const words = useMemo(() => heroWords.map((w) => t(w)), [t]);
  const typed = useTypingEffect(words, !reducedMotion);
  const [before = '', after = ''] = t('Learn {{subject}} with expert Ethiopian tutors', {
    subject: SLOT,
  }).split(SLOT);
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">
          {t('Online tutoring for Ethiopian families everywhere')}
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          <span className="sr-only">
            {t('Learn Mathematics, Sciences, Languages and Coding with expert Ethiopian tutors')}
          </span>
          <span aria-hidden="true">
            {before.trim()}{' '}
            <span className="block min-h-[1.2em] text-accent-400" data-testid="hero-typed">
              {typed}
              {!reducedMotion && (
                <span className="ml-0.5 inline-block w-[3px] animate-pulse bg-accent-400 align-[-0.1em]">
                  &nbsp;
                </span>
              )}
            </span>
            {after.trim()}
          </span>
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-emerald-50">
          {t(
            'Weekly one-to-one online lessons with vetted tutors from Ethiopia. Pick a tutor or a subject, choose the days that suit your family, and pay securely by card.',
          )}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/tutors" className={buttonStyles.accent}>
            {t('Find a tutor')}
          </Link>
          <Link
            to="/booking/form"
            className="inline-flex items-center rounded-lg border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('Book by subject')}
          </Link>
        </div>
      </div>
    </section>
  );
}
