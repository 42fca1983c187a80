import { gradeOptions } from '@tibeb/domain/bookings/messages';
import { trialMessages, trialPriceIn, type TrialSlots } from '@tibeb/domain/bookings/trial';
import { formatDate } from '@tibeb/domain/dates/format';
import { formatAmount, type PaymentCurrency } from '@tibeb/domain/payments/currency';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateMessage, type Problem } from '../../../lib/translate-message.ts';
import { useBookTrial, useTrial } from '../api/trial.ts';
import { visitorTimeZone, zonedTimeText } from '../../../lib/visitor-zone.ts';

type Values = {
  full_name: string;
  email: string;
  phone: string;
  student_full_name: string;
  student_grade: string;
};
const empty: Values = { full_name: '', email: '', phone: '', student_full_name: '', student_grade: '' };

/** The trial's price as the family reads it: 'Free', or the amount in the chosen currency. */
export function trialPriceText(
  t: (key: string, options?: Record<string, unknown>) => string,
  trial: TrialSlots['trial'],
  currency: PaymentCurrency = 'USD',
) {
  const cents = trialPriceIn(currency, trial);
  if (cents === 0) return t('Free');
  return formatAmount(cents ?? trial.price_cents, cents === null ? 'USD' : currency);
}

/**
 * The trial path (issue 30 item 2, decision 273): contact and student, one free time of the trial's length within
 * 14 days (the tutor's zone and the visitor's), then the payment page, or, for a free trial, confirmed at once.
 */
export function TrialBooking({ tutorId }: { tutorId: number }) {
  const { t } = useTranslation('booking');
  const dates = useDates();
  const navigate = useNavigate();
  const query = useTrial(tutorId);
  const mutation = useBookTrial();
  const [values, setValues] = useState<Values>(empty);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [currency, setCurrency] = useState<PaymentCurrency>('USD');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [visitorZone] = useState(visitorTimeZone);
  const alertRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  if (query.isPending) return <Spinner label={t('Loading the trial lesson...')} />;
  if (query.isError || !query.data) {
    const notOffered = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHero title={t('Book a trial lesson')} />
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-10">
          <Alert tone="error">
            {notOffered ? t(trialMessages.notOffered) : t('The trial lesson could not be loaded.')}
          </Alert>
          <Link to="/tutors" className={buttonStyles.secondary}>
            {t('See all tutors')}
          </Link>
        </div>
      </>
    );
  }

  const data = query.data;
  const { tutor, trial } = data;
  const day = data.days.find((d) => d.date === date);
  const priceText = trialPriceText(t, trial, currency);
  const field = (name: keyof Values) => ({
    id: `${ids}-${name}`,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setProblems([]);
    if (!date || !time) {
      setProblems([trialMessages.slotRequired]);
      alertRef.current?.scrollIntoView?.({ block: 'center' });
      return;
    }
    mutation.mutate(
      { tutor: tutor.id, date, time, currency, ...values },
      {
        onSuccess: (created) => {
          if (created.free) {
            void navigate(created.next_url);
            return;
          }
          void navigate(created.next_url, {
            state: {
              full_name: values.full_name.trim(),
              email: values.email.trim(),
              amount: created.amount_cents / 100,
              ...(created.currency === 'USD' ? {} : { currency: created.currency }),
              reservation_id: created.id,
            },
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'slot_taken') {
            setTime('');
            void query.refetch();
          }
          setProblems([
            error instanceof ApiError && !error.code
              ? error.message
              : error instanceof ApiError
                ? error
                : t('The trial could not be booked. Please try again.'),
          ]);
          alertRef.current?.scrollIntoView?.({ block: 'center' });
        },
      },
    );
  }

  const messages = problems.flatMap((p) =>
    typeof p === 'string' ? p.split('\n').map((line) => t(line)) : [translateMessage(t, p)],
  );

  return (
    <>
      <PageHero
        title={t('Book a trial lesson')}
        subtitle={t('A {{minutes}}-minute first lesson with {{name}}, to see if you work well together.', {
          minutes: trial.minutes,
          name: tutor.full_name,
        })}
      />
      <form onSubmit={submit} noValidate className="mx-auto max-w-3xl min-w-0 space-y-8 px-4 py-10">
        <div ref={alertRef}>
          {messages.length > 0 && (
            <Alert tone="error">
              <ul className="space-y-1">
                {messages.map((m) => (
                  <li key={m} className="wrap-anywhere">
                    {m}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
        </div>

        <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-500">{t('Tutor')}</dt>
            <dd className="min-w-0 font-medium wrap-anywhere text-stone-900">{tutor.full_name}</dd>
            <dt className="text-stone-500">{t('Subject')}</dt>
            <dd className="min-w-0 wrap-anywhere text-stone-900">{tutor.subject}</dd>
            <dt className="text-stone-500">{t('Length')}</dt>
            <dd className="text-stone-900">{t('{{minutes}} minutes', { minutes: trial.minutes })}</dd>
            <dt className="text-stone-500">{t('Price')}</dt>
            <dd className="font-semibold text-stone-900" data-testid="trial-price">
              {priceText}
            </dd>
          </dl>
          {data.etb_offered && !trial.free && (
            <fieldset className="mt-4">
              <legend className="mb-1 text-sm font-medium text-stone-800">{t('Pay in')}</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                {(['USD', 'ETB'] as const).map((c) => (
                  <label key={c} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="trial-currency"
                      value={c}
                      checked={currency === c}
                      onChange={() => setCurrency(c)}
                      className="h-4 w-4 accent-brand-700"
                    />
                    {c === 'USD' ? t('US dollars (card)') : t('Ethiopian birr (Chapa)')}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </section>

        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-stone-900">{t('Your contact details')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <label htmlFor={`${ids}-full_name`} className="mb-1 block text-sm font-medium text-stone-800">
                {t('Full name')}
              </label>
              <input {...field('full_name')} autoComplete="name" maxLength={200} className={inputStyles} />
            </div>
            <div>
              <label htmlFor={`${ids}-email`} className="mb-1 block text-sm font-medium text-stone-800">
                {t('Email')}
              </label>
              <input
                {...field('email')}
                type="email"
                autoComplete="email"
                maxLength={200}
                className={inputStyles}
              />
            </div>
            <div>
              <label htmlFor={`${ids}-phone`} className="mb-1 block text-sm font-medium text-stone-800">
                {t('Phone')}
              </label>
              <input
                {...field('phone')}
                type="tel"
                autoComplete="tel"
                maxLength={200}
                className={inputStyles}
              />
            </div>
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-stone-900">{t('Student')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label
                htmlFor={`${ids}-student_full_name`}
                className="mb-1 block text-sm font-medium text-stone-800"
              >
                {t('Student full name')}
              </label>
              <input {...field('student_full_name')} maxLength={200} className={inputStyles} />
            </div>
            <div>
              <label
                htmlFor={`${ids}-student_grade`}
                className="mb-1 block text-sm font-medium text-stone-800"
              >
                {t('Grade')}
              </label>
              <select {...field('student_grade')} className={inputStyles}>
                <option value="">{t('Select grade')}</option>
                {gradeOptions.map((g) => (
                  <option key={g} value={g}>
                    {t(g)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold text-stone-900">{t('Choose a time')}</legend>
          {data.days.length === 0 ? (
            <Alert tone="info">{t('No free times in the next 14 days. Please check again later.')}</Alert>
          ) : (
            <>
              <div>
                <p id={`${ids}-day-label`} className="mb-2 text-sm font-medium text-stone-800">
                  {t('Day')}
                </p>
                <div role="radiogroup" aria-labelledby={`${ids}-day-label`} className="flex flex-wrap gap-2">
                  {data.days.map((d) => (
                    <button
                      key={d.date}
                      type="button"
                      role="radio"
                      aria-checked={date === d.date}
                      onClick={() => {
                        setDate(d.date);
                        setTime('');
                      }}
                      className={`rounded-lg border px-3 py-2 text-sm ${
                        date === d.date
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600'
                      }`}
                    >
                      {formatDate(d.date, 'dayShort', dates)}
                    </button>
                  ))}
                </div>
              </div>
              {day && (
                <div>
                  <p id={`${ids}-time-label`} className="mb-2 text-sm font-medium text-stone-800">
                    {t('Time')}
                  </p>
                  <div
                    role="radiogroup"
                    aria-labelledby={`${ids}-time-label`}
                    className="grid gap-2 sm:grid-cols-2"
                  >
                    {day.times.map((slot) => (
                      <button
                        key={slot}
                        type="button"
                        role="radio"
                        aria-checked={time === slot}
                        onClick={() => setTime(slot)}
                        className={`min-w-0 rounded-lg border px-3 py-2 text-left text-sm wrap-anywhere ${
                          time === slot
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600'
                        }`}
                      >
                        {zonedTimeText(day.date, slot, tutor.time_zone, visitorZone, t, dates)}
                      </button>
                    ))}
                  </div>
                </div>
              )}
            </>
          )}
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonStyles.primary} disabled={mutation.isPending}>
            {mutation.isPending
              ? t('Booking...')
              : trial.free
                ? t('Book the free trial')
                : t('Continue to payment')}
          </button>
          <Link
            to={`/tutors`}
            className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t('Back to tutors')}
          </Link>
        </div>
      </form>
    </>
  );
}
