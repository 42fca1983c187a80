import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  bookingFormDefaults,
  bookingStepSchema,
  buildReservationPayload,
  normalizeDuration,
  validateStep1,
  validateStep2,
  validateSubmit,
  type BookingFormValues,
} from '@tibeb/domain/bookings/form';
import {
  bookingLimits,
  bookingMessages,
  defaultTimeZone,
  type WeekdayCode,
} from '@tibeb/domain/bookings/messages';
import type { ReservationCreated } from '@tibeb/domain/bookings/payload';
import { estimateCostCents } from '@tibeb/domain/bookings/price';
import { weekdayOf } from '@tibeb/domain/bookings/slots';
import { formatUsd, toCents } from '@tibeb/domain/shared/money';
import { formatAmount, type PaymentCurrency } from '@tibeb/domain/payments/currency';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCreateReservation } from '../api/create-reservation.ts';
import { usePreviewReservation } from '../api/preview-reservation.ts';
import { useBookingSubjects } from '../api/get-booking-subjects.ts';
import { useBookingTutor } from '../api/get-booking-tutor.ts';
import { availabilityKeyPrefix, type AvailabilityTarget } from '../api/get-month-availability.ts';
import { useScheduleAvailability } from '../hooks/use-schedule-availability.ts';
import { compareMonths, monthOf, todayIn, type YearMonth } from '../utils/calendar.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import type { Problem } from '../../../lib/translate-message.ts';
import { bookingSubmitProblems } from '../utils/submit-error.ts';
import { visitorTimeZone } from '../../../lib/visitor-zone.ts';
import { ConfirmationStep } from './confirmation-step.tsx';
import { ContactStudentStep } from './contact-student-step.tsx';
import { CostLine } from './cost-line.tsx';
import { CurrencyChoice } from './currency-choice.tsx';
import { ScheduleStep } from './schedule-step.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { ZonedTime } from './zoned-time.tsx';
import { UnpaidBookingNotice } from './unpaid-booking-notice.tsx';
import { useUnpaidReservations } from '../api/get-unpaid-reservations.ts';
import { useBookingReservation } from '../api/get-booking-reservation.ts';
import {
  clearDraft,
  loadDraft,
  rememberReservation,
  saveDraft,
  saveReservationDraft,
} from '../utils/wizard-draft.ts';
import { translateBookingMessage } from '../utils/translate.ts';
import { Form } from '../../../components/ui/form.tsx';

type Step = 1 | 2 | 3;

/**
 * The booking wizard (spec §2, §4, §5): with a chosen tutor (`tutorId`) or by subject (optionally preselected
 * by `subjectSlug`). Three steps; on success, /payment after 600 ms with the reservation id and amount.
 */
export function BookingWizard({
  tutorId,
  subjectSlug,
  prefill,
  again,
  family = false,
}: {
  tutorId: number | null;
  subjectSlug: string | null;
  /** Starting values, e.g. a signed-in family's contact and student details (issue 15). */
  prefill?: Partial<BookingFormValues>;
  /** "Book these times again" (decision 253): a reservation's fields, over any stored draft. */
  again?: Partial<BookingFormValues>;
  /** A signed-in family: its own bookings waiting for payment are asked of the server too (decision 253). */
  family?: boolean;
}) {
  const { t } = useTranslation('booking');
  const dates = useDates();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tutorMode = tutorId !== null;
  const tutorQuery = useBookingTutor(tutorId);
  const subjectsQuery = useBookingSubjects(!tutorMode);
  const tutor = tutorQuery.data ?? null;
  const timeZone = tutor?.time_zone || defaultTimeZone;
  const [visitorZone] = useState(visitorTimeZone);
  const today = todayIn(timeZone);
  const minMonth = monthOf(today);

  // Decision 253: the fields kept in this tab (Back from payment, a cancelled checkout) start the wizard.
  const scope = prefill?.student_name ?? '';
  const draftTarget = useMemo(() => ({ tutorId, scope }), [tutorId, scope]);
  const [draft] = useState(() => loadDraft(draftTarget));
  const startValues: BookingFormValues = { ...bookingFormDefaults, ...prefill, ...draft.values, ...again };
  // A kept first date that has passed since is chosen again (the weekdays and times stay).
  if (startValues.date && startValues.date < todayIn(defaultTimeZone)) startValues.date = '';

  const [step, setStep] = useState<Step>(1);
  const [messages, setMessages] = useState<Problem[]>([]);
  const [viewMonth, setViewMonth] = useState<YearMonth>(() => {
    const current = monthOf(todayIn(defaultTimeZone));
    const chosen = startValues.date ? monthOf(startValues.date) : current;
    return compareMonths(chosen, current) > 0 ? chosen : current;
  });
  const [created, setCreated] = useState<ReservationCreated | null>(null);
  // Dollars by card unless the family chooses birr on the confirmation step (issue 18 §3).
  const [currency, setCurrency] = useState<PaymentCurrency>('USD');

  // The resolver validates the current step; it runs in event handlers, after the effect below has updated it.
  const resolverContext = useRef<{ step: Step; slotsOnDate: readonly string[] | undefined }>({
    step: 1,
    slotsOnDate: undefined,
  });
  const resolver: Resolver<BookingFormValues> = (values, context, options) =>
    zodResolver(
      bookingStepSchema(resolverContext.current.step, {
        subjectReadOnly: tutorMode,
        slotsOnDate: resolverContext.current.slotsOnDate,
      }),
    )(values, context, options) as ReturnType<Resolver<BookingFormValues>>;
  const form = useForm<BookingFormValues>({
    defaultValues: startValues,
    resolver,
  });
  const { register, setValue, getValues, formState } = form;
  // eslint-disable-next-line react-hooks/incompatible-library -- the wizard re-renders on every change by design
  const values = form.watch();

  const subjects = subjectsQuery.data;
  const chosenSubject = subjects?.find((s) => s.slug === values.subject) ?? null;
  const subjectName = tutorMode ? (tutor?.subject ?? '') : (chosenSubject?.name ?? '');
  const rateDollars = tutorMode ? (tutor?.hourly_rate ?? null) : (chosenSubject?.pricePerHour ?? null);
  const durationHours = normalizeDuration(values.duration_hours);
  const durationMinutes = Math.round(durationHours * 60);
  const daysCount = Math.max(1, values.days.length);
  const costCents =
    rateDollars === null
      ? null
      : estimateCostCents({ hourlyRateCents: toCents(rateDollars), durationHours, daysCount });

  const target: AvailabilityTarget | null = useMemo(() => {
    if (tutorMode) {
      return tutor
        ? { mode: 'tutor', tutorId: tutor.id, windows: tutor.availability, timeZone: tutor.time_zone }
        : null;
    }
    return values.subject ? { mode: 'subject', subject: values.subject } : null;
  }, [tutorMode, tutor, values.subject]);

  const sched = useScheduleAvailability({
    target: step >= 2 ? target : null,
    viewMonth,
    date: values.date,
    durationMinutes,
    today,
    daysTimes: values.days_times,
  });

  useEffect(() => {
    resolverContext.current = { step, slotsOnDate: sched.slotsOnDate };
  });

  // Every change is kept in this tab (never card details: the card is typed at the provider).
  const valuesText = JSON.stringify(values);
  useEffect(() => {
    if (created) return;
    saveDraft(draftTarget, getValues(), draft.reservationId);
  }, [valuesText, created, draftTarget, getValues, draft.reservationId]);

  // The draft's booking was paid since: a new booking starts from the saved details, not the last plan.
  const draftBooking = useBookingReservation(draft.reservationId ?? '', !again);
  const draftPaid = draftBooking.data ? ['confirmed', 'completed'].includes(draftBooking.data.status) : false;
  useEffect(() => {
    if (!draftPaid) return;
    clearDraft(draftTarget);
    form.reset({ ...bookingFormDefaults, ...prefill });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the draft's booking turns out paid
  }, [draftPaid]);

  const unpaid = useUnpaidReservations(family);

  // The tutor's subject is read-only (spec §2).
  useEffect(() => {
    if (tutor) setValue('subject', tutor.subject);
  }, [tutor, setValue]);

  // ?subject= preselects a subject by slug (spec §2), once the list is there and nothing is chosen yet.
  useEffect(() => {
    if (tutorMode || !subjects || !subjectSlug || getValues('subject')) return;
    const match = subjects.find((s) => s.slug.toLowerCase() === subjectSlug.toLowerCase());
    if (match) setValue('subject', match.slug);
  }, [tutorMode, subjects, subjectSlug, getValues, setValue]);

  // Reloaded availability: a chosen time that is no longer offered is cleared (spec §4).
  const staleDays = sched.allSettled
    ? values.days.filter((day) => {
        const time = values.days_times[day];
        if (!time) return false;
        const { times } = sched.timesFor(day);
        return times !== undefined && !times.includes(time);
      })
    : [];
  const staleKey = staleDays.join(',');
  useEffect(() => {
    if (!staleKey) return;
    const next = { ...getValues('days_times') };
    for (const day of staleKey.split(',')) delete next[day as WeekdayCode];
    setValue('days_times', next);
  }, [staleKey, getValues, setValue]);

  // A duration change clears the chosen date once its new availability shows no slot (spec §4).
  const durationCheck = useRef<number | null>(null);
  useEffect(() => {
    if (durationCheck.current !== durationMinutes || !sched.dateReady) return;
    durationCheck.current = null;
    if (sched.slotsOnDate && sched.slotsOnDate.length === 0) setValue('date', '');
  }, [durationMinutes, sched.dateReady, sched.slotsOnDate, setValue]);

  // Spec §4: after a successful reservation, /payment after 600 ms with the id and the amount.
  useEffect(() => {
    if (!created) return;
    // Back from the payment page, or a cancelled checkout, finds these fields again (decision 253).
    const kept = getValues();
    saveDraft(draftTarget, kept, created.id);
    saveReservationDraft(created.id, tutorId, kept);
    rememberReservation(created.id);
    const timer = setTimeout(() => {
      void navigate(`/payment?reservation_id=${encodeURIComponent(created.id)}`, {
        state: {
          full_name: getValues('full_name').trim(),
          email: getValues('email').trim(),
          amount: created.amount,
          // Spec §3's state; the currency only when it is birr (issue 18 §3).
          ...(created.currency === 'USD' ? {} : { currency: created.currency }),
          reservation_id: created.id,
        },
      });
    }, bookingLimits.redirectToPaymentMs);
    return () => clearTimeout(timer);
  }, [created, navigate, getValues, draftTarget, tutorId]);

  const topRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (messages.length > 0) alertRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [messages]);
  const goTo = (next: Step) => {
    setMessages([]);
    setStep(next);
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const mutation = useCreateReservation();
  // Step 3 shows the server's plan: the same rules and price as the booking itself (issue 11 §3).
  const previewPayload = useMemo(
    () => (step === 3 && values.date ? { ...buildReservationPayload(values, { tutorId }), currency } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the payload is rebuilt when its text changes
    [step, tutorId, currency, JSON.stringify(values)],
  );
  const preview = usePreviewReservation(previewPayload);
  // A currency no longer on offer for this plan (another subject, birr switched off) falls back to dollars.
  const offered = preview.data?.currency_options;
  useEffect(() => {
    if (offered && offered.length > 0 && !offered.some((o) => o.currency === currency)) setCurrency('USD');
  }, [offered, currency]);
  // The amount shown is the one charged: no booking while the shown plan is in the other currency.
  const previewInCurrency = !preview.data || preview.data.currency === currency;
  // The server's preview already said a chosen time went (decision 249): Confirm would only hear it again.
  const previewRefused =
    preview.isError && preview.error instanceof ApiError && preview.error.code === 'tutor_no_longer_free';
  const shownCostCents = step === 3 && preview.data ? preview.data.amount_cents : costCents;

  function submitBooking(v: BookingFormValues) {
    setMessages([]);
    const payload = { ...buildReservationPayload(v, { tutorId }), currency };
    mutation.mutate(payload, {
      onSuccess: (res) => setCreated(res),
      onError: (error) => {
        const problems = bookingSubmitProblems(error);
        setMessages(problems);
        // Spec §4: the month's availability is reloaded; a taken slot sends the family back to pick another.
        void queryClient.invalidateQueries({ queryKey: availabilityKeyPrefix });
        // A by-subject plan whose tutor is no longer free at one of its times (decision 249): back to choose it.
        const timeWent = error instanceof ApiError && error.code === 'tutor_no_longer_free';
        if (problems[0] === bookingMessages.slotTaken || timeWent) setStep(2);
      },
    });
  }

  const onValid = (v: BookingFormValues) => {
    if (step === 1) goTo(2);
    else if (step === 2) goTo(3);
    else submitBooking(v);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (step === 3) {
      // Spec §5 "On submit": checked before the rest, and nothing is sent when they fail.
      const problem = validateSubmit(getValues(), { slotsOnDate: sched.slotsOnDate });
      if (problem) {
        e.preventDefault();
        setMessages([problem]);
        return;
      }
    }
    void form.handleSubmit(onValid, onInvalid)(e);
  };
  const onInvalid = () => {
    const v = getValues();
    const list = [
      ...validateStep1(v, { subjectReadOnly: tutorMode }),
      ...(step >= 2 ? validateStep2(v, { slotsOnDate: sched.slotsOnDate }) : []),
    ];
    setMessages(list.length > 0 ? list : [bookingMessages.bookingFailed]);
  };

  // Spec §4 transitions, in the handlers that cause them.
  const selectDate = (date: string) => {
    setValue('date', date);
    const day = weekdayOf(date);
    const days = getValues('days');
    if (!days.includes(day)) setValue('days', [...days, day]);
  };
  const toggleDay = (day: WeekdayCode, checked: boolean) => {
    const days = getValues('days');
    if (checked) {
      if (!days.includes(day)) setValue('days', [...days, day]);
      return;
    }
    setValue(
      'days',
      days.filter((d) => d !== day),
    );
    const times = { ...getValues('days_times') };
    delete times[day];
    setValue('days_times', times);
  };
  const changeSubject = () => {
    setValue('date', '');
    setValue('days', []);
    setValue('days_times', {});
  };
  const changeMonth = (month: YearMonth) => {
    if (compareMonths(month, minMonth) < 0) return;
    setViewMonth(month);
  };
  const onDurationBlur = () => {
    const current = getValues('duration_hours');
    const snapped = normalizeDuration(current);
    if (snapped !== current) setValue('duration_hours', snapped);
  };
  // Every duration change (typing or arrows) re-checks the chosen date once its new availability is in.
  const durationField = register('duration_hours', {
    valueAsNumber: true,
    onChange: (e: { target: { value: string } }) => {
      durationCheck.current = Math.round(normalizeDuration(Number(e.target.value)) * 60);
    },
    onBlur: onDurationBlur,
  });

  const title = t(tutorMode ? bookingMessages.titleWithTutor : bookingMessages.titleBySubject);
  const subtitle = tutorMode
    ? tutor
      ? t('Weekly online sessions with {{name}} · {{subject}}', {
          name: tutor.full_name,
          subject: tutor.subject,
        })
      : t('Weekly online sessions with your chosen tutor.')
    : t('Choose a subject and a weekly time; we match you with the best available tutor.');

  return (
    <>
      <PageHero title={title} subtitle={subtitle} />
      <div ref={topRef} className="mx-auto max-w-4xl scroll-mt-20 px-3 py-6 sm:px-4 sm:py-10">
        <div className="space-y-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-8">
          <StepIndicator step={step} />

          {tutorMode && tutorQuery.isPending && <Spinner label={t('Loading tutor...')} />}
          {tutorMode && tutorQuery.isError && (
            <Alert tone="error">
              {t(bookingMessages.tutorLoadFailed)}{' '}
              <Link to="/tutors" className="font-semibold underline">
                {t('Back to tutors')}
              </Link>{' '}
              {t('or')}{' '}
              <Link to="/booking/form" className="font-semibold underline">
                {t('book by subject')}
              </Link>
              .
            </Alert>
          )}
          {tutor && (
            <div className="flex items-center gap-3 rounded-xl bg-stone-50 p-3">
              {tutor.profile_image && (
                <img
                  src={tutor.profile_image}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 rounded-full object-cover"
                />
              )}
              <div className="min-w-0">
                <p className="truncate font-semibold text-stone-900">{tutor.full_name}</p>
                <p className="text-sm text-stone-600">
                  {tutor.subject} · {t('{{amount}}/hr', { amount: formatUsd(toCents(tutor.hourly_rate)) })}
                </p>
              </div>
            </div>
          )}

          {messages.length > 0 && (
            <div ref={alertRef} className="scroll-mt-24">
              <Alert tone="error">
                {messages.map((m, i) => (
                  <span key={typeof m === 'string' ? m : m.message}>
                    {i > 0 && <br />}
                    {translateBookingMessage(t, m)}
                  </span>
                ))}
              </Alert>
            </div>
          )}

          {!created && unpaid.data && <UnpaidBookingNotice reservations={unpaid.data} />}

          {created ? (
            <div
              role="status"
              className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm"
            >
              <p className="font-semibold text-emerald-900">
                {t('Reservation created: {{amount}}. Taking you to payment…', {
                  amount: formatAmount(created.amount_cents, created.currency),
                })}
              </p>
              <ul className="space-y-1">
                {created.sessions.map((s) => (
                  <li key={s.id}>
                    {dates.format(s.date, 'dayShort')} ·{' '}
                    <ZonedTime
                      date={s.date}
                      time={s.time}
                      timeZone={created.time_zone}
                      visitorZone={visitorZone}
                    />
                  </li>
                ))}
                {created.skipped.map((s) => (
                  <li key={`${s.date}-${s.time}`} className="text-amber-900">
                    {dates.format(s.date, 'dayShort')} · {s.time} —{' '}
                    {t('skipped ({{reason}})', { reason: translateBookingMessage(t, s.reason) })}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <Form noValidate onSubmit={onSubmit} className="space-y-6">
              <h2 className="text-xl font-semibold text-brand-800">
                {step === 1 ? t('Contact & Student') : step === 2 ? t('Schedule') : t('Confirmation')}
              </h2>
              {step === 1 && (
                <ContactStudentStep
                  register={register}
                  errors={formState.errors}
                  differentPayer={values.use_different_payer}
                  subject={
                    tutorMode
                      ? { mode: 'tutor', subjectName }
                      : {
                          mode: 'subject',
                          subjects,
                          loading: subjectsQuery.isPending,
                          failed: subjectsQuery.isError,
                          onSubjectChange: changeSubject,
                        }
                  }
                />
              )}
              {step === 2 && (
                <ScheduleStep
                  durationField={durationField}
                  errors={formState.errors}
                  canLoad={target !== null}
                  month={viewMonth}
                  minMonth={minMonth}
                  today={today}
                  available={sched.viewData}
                  locked={sched.viewLoading}
                  loadFailed={sched.viewError}
                  date={values.date}
                  days={values.days}
                  daysTimes={values.days_times}
                  timeZone={timeZone}
                  visitorZone={visitorZone}
                  timesFor={sched.timesFor}
                  onSelectDate={selectDate}
                  onMonthChange={changeMonth}
                  onToggleDay={toggleDay}
                  onTimeChange={(day, time) =>
                    setValue('days_times', { ...getValues('days_times'), [day]: time })
                  }
                />
              )}
              {step === 3 && (
                <ConfirmationStep
                  values={values}
                  subjectName={subjectName}
                  tutorName={tutor?.full_name ?? preview.data?.tutor.full_name ?? null}
                  durationHours={durationHours}
                  rateDollars={rateDollars}
                  costCents={costCents}
                  timeZone={timeZone}
                  visitorZone={visitorZone}
                  preview={{
                    data: preview.data,
                    isFetching: preview.isFetching,
                    problems: preview.isError ? bookingSubmitProblems(preview.error) : [],
                  }}
                  currencyChoice={
                    <CurrencyChoice
                      options={preview.data?.currency_options ?? []}
                      value={currency}
                      onChange={setCurrency}
                    />
                  }
                />
              )}

              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                {step > 1 ? (
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    disabled={mutation.isPending}
                    onClick={() => goTo((step - 1) as Step)}
                  >
                    {t('Back')}
                  </button>
                ) : (
                  <span />
                )}
                {step < 3 ? (
                  <button type="submit" className={buttonStyles.primary}>
                    {t('Next')}
                  </button>
                ) : (
                  <button
                    type="submit"
                    className={buttonStyles.primary}
                    disabled={mutation.isPending || !previewInCurrency || previewRefused}
                  >
                    {t(mutation.isPending ? bookingMessages.processing : bookingMessages.confirmBooking)}
                  </button>
                )}
              </div>
            </Form>
          )}

          <CostLine
            costCents={shownCostCents}
            daysCount={daysCount}
            currency={step === 3 && preview.data ? preview.data.currency : 'USD'}
          />
        </div>
      </div>
    </>
  );
}
