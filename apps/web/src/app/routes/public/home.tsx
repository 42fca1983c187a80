import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { SITE_NAME, usePageMeta } from '../../../lib/page-meta.ts';

export default function HomePage() {
  usePageMeta(
    SITE_NAME,
    'Book trusted Ethiopian tutors for Mathematics, Sciences, Languages and Coding: weekly online sessions, secure card payment.',
  );
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Online tutoring with Ethiopian tutors, for your child, wherever you live.
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-emerald-50">
            Mathematics, Sciences, Amharic, Tigrigna, Afaan Oromoo and Coding — weekly sessions you book in
            minutes.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/tutors" className={buttonStyles.accent}>
              Find a tutor
            </Link>
            <Link
              to="/booking/form"
              className="inline-flex items-center rounded-lg border border-white/60 px-5 py-2.5 font-semibold text-white hover:bg-white/10"
            >
              Book by subject
            </Link>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-2xl font-bold">How it works</h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          <li className="rounded-xl bg-white p-6 shadow-sm">1. Choose a tutor or a subject.</li>
          <li className="rounded-xl bg-white p-6 shadow-sm">
            2. Pick weekly days and times that suit your family.
          </li>
          <li className="rounded-xl bg-white p-6 shadow-sm">3. Pay securely by card and start learning.</li>
        </ol>
        <div className="h-[60vh]" aria-hidden="true" />
      </section>
    </>
  );
}
