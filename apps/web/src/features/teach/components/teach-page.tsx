import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { createApplication } from '../api/create-application.ts';
import { ApplicationForm } from './application-form.tsx';

/** Why teach here (decision 234): what the page promises, in English keys of 'teach'. */
const reasons = [
  {
    title: 'Paid in birr, to your bank or wallet',
    text: 'Your earnings are paid in birr to an Ethiopian bank account, telebirr or CBE Birr. You see every lesson, fee and payout in your earnings page.',
  },
  {
    title: 'Families who are looking for you',
    text: 'Families in Ethiopia and abroad book and pay online. You set your subjects, grades, rate and weekly hours.',
  },
  {
    title: 'Vetted, so families trust you',
    text: 'We check your identity (Fayda or passport), your police clearance and your certificates, and talk with you. Families see which checks you passed, never your documents.',
  },
] as const;

const steps = [
  {
    title: 'Apply',
    text: 'Fill in the form below: about you, what you teach, your rate and your weekly hours.',
  },
  {
    title: 'Confirm and upload',
    text: 'Open the link we e-mail you, sign in, add your photo and your documents.',
  },
  {
    title: 'Get vetted',
    text: 'Our team checks your documents and may ask for changes. We tell you by e-mail.',
  },
  {
    title: 'Start teaching',
    text: 'Once approved, your profile is public: families book you and you are paid in birr.',
  },
] as const;

/** The public /teach page: why teach here, how it works in four steps, and the application form. */
export function TeachPage() {
  const { t } = useTranslation('teach');
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12">
      <section aria-labelledby="teach-why" className="space-y-6">
        <h2 id="teach-why" className="text-2xl font-bold text-stone-900">
          {t('Why teach with Tibeb')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {reasons.map((r) => (
            <li key={r.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <h3 className="font-semibold text-brand-800">{t(r.title)}</h3>
              <p className="mt-2 text-stone-700">{t(r.text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="teach-how" className="space-y-6">
        <h2 id="teach-how" className="text-2xl font-bold text-stone-900">
          {t('How it works')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <p className="text-sm font-semibold text-brand-700">{t('Step {{n}}', { n: i + 1 })}</p>
              <h3 className="font-semibold text-stone-900">{t(s.title)}</h3>
              <p className="mt-2 text-stone-700">{t(s.text)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section
        aria-labelledby="teach-apply"
        className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-8"
      >
        <h2 id="teach-apply" className="mb-2 text-2xl font-bold text-stone-900">
          {t('Apply to teach')}
        </h2>
        {sentTo ? (
          <div className="space-y-4">
            <Alert tone="success">
              <p className="font-semibold">{t('Thank you! Your application is in.')}</p>
              <p className="mt-1 [overflow-wrap:anywhere]">
                {t(
                  'We have sent a link to {{email}}: open it to confirm your address. Then sign in to follow your application, add your photo and upload your documents.',
                  { email: sentTo },
                )}
              </p>
            </Alert>
            <Link to="/login" className={buttonStyles.primary}>
              {t('Sign in')}
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-6 text-stone-700">
              {t('It takes about ten minutes. You can change your answers until we decide.')}
            </p>
            <ApplicationForm
              mode="create"
              submitLabel={t('Send my application')}
              onSubmit={async (fields, account) => {
                await createApplication({ ...fields, ...account });
                setSentTo(account.email);
                document.getElementById('teach-apply')?.scrollIntoView?.();
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}
