import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { bookingMessages as m } from '@tibeb/domain/bookings/messages';
import type { WeekdayCode } from '@tibeb/domain/bookings/messages';
import { planOccurrences } from '@tibeb/domain/bookings/plan';
import { addDays, monthDates, slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Whole journeys through three steps: slower than a unit test on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
import { server } from '../../../test/msw-server.ts';
import { firstMonday, now, renderWizard, target, targetDates, wizardTutor } from './wizard.test-helpers.tsx';

const firstTuesday = targetDates.find((d) => weekdayOf(d) === 'tue')!;
const dayNumber = (date: string) => String(Number(date.slice(8)));

const windows = { mon: [{ start: '16:00', end: '19:00' }], wed: [{ start: '09:00', end: '11:00' }] } as const;
const tutor = wizardTutor({ mon: [...windows.mon], wed: [...windows.wed] });
const subjects = [
  {
    id: 1,
    name: 'Mathematics',
    slug: 'mathematics',
    category: 'Mathematics',
    price_per_hour: 15,
    is_active: true,
    description: '',
    level: '',
  },
  {
    id: 2,
    name: 'Sciences',
    slug: 'sciences',
    category: 'Sciences',
    price_per_hour: 18,
    is_active: true,
    description: '',
    level: '',
  },
  {
    id: 9,
    name: 'Old',
    slug: 'old',
    category: 'Coding',
    price_per_hour: 5,
    is_active: false,
    description: '',
    level: '',
  },
];

/** The server's month availability: Monday and Wednesday windows, minus `taken` ('date time') slots. */
function monthAvailable(year: number, month: number, durationMinutes: number, taken: Set<string>) {
  const available: Record<string, string[]> = {};
  for (const date of monthDates(year, month)) {
    const day = weekdayOf(date) as 'mon' | 'wed';
    const slots = date > now ? slotsInWindows(windows[day] ?? [], durationMinutes) : [];
    available[date] = slots.filter((t) => !taken.has(`${date} ${t}`));
  }
  return { available };
}

type Calls = { available: URLSearchParams[]; posted: unknown[] };

function useApi({
  taken = new Set<string>(),
  gate,
}: { taken?: Set<string>; gate?: Promise<void> } = {}): Calls {
  const calls: Calls = { available: [], posted: [] };
  const answer = async (url: URL) => {
    calls.available.push(url.searchParams);
    if (gate) await gate;
    const p = url.searchParams;
    return HttpResponse.json(
      monthAvailable(Number(p.get('year')), Number(p.get('month')), Number(p.get('duration_minutes')), taken),
    );
  };
  server.use(
    http.get('/api/tutors/public/7/', () => HttpResponse.json(tutor)),
    http.get('/api/subjects/public/', () => HttpResponse.json(subjects)),
    http.get('/api/reservations/available/', ({ request }) => answer(new URL(request.url))),
    http.get('/api/reservations/available-by-subject/', ({ request }) => answer(new URL(request.url))),
    // The server's plan (issue 11 §3): every occurrence, a taken one skipped, the planned ones priced.
    http.post('/api/reservations/preview/', async ({ request }) => {
      const body = (await request.json()) as {
        date: string;
        time: string;
        days?: WeekdayCode[];
        days_times?: Partial<Record<WeekdayCode, string>>;
        duration_hours: number;
      };
      const first = weekdayOf(body.date);
      const days = body.days?.length ? body.days : [first];
      const daysTimes = body.days_times ?? { [first]: body.time };
      const sessions = planOccurrences({ date: body.date, days, daysTimes }).map((o) => ({
        date: o.date,
        time: o.time,
        start: `${o.date}T${o.time}:00+03:00`,
        ...(taken.has(`${o.date} ${o.time}`)
          ? { status: 'skipped', reason: 'Clashes with an existing booking.' }
          : { status: 'planned' }),
      }));
      const cents = sessions.filter((x) => x.status === 'planned').length * 2000 * body.duration_hours;
      return HttpResponse.json({
        sessions,
        amount: cents / 100,
        amount_cents: cents,
        currency: 'USD',
        tutor: { id: 7, full_name: tutor.full_name },
        subject: 'Chemistry',
        duration_hours: body.duration_hours,
        time_zone: 'Africa/Addis_Ababa',
      });
    }),
  );
  return calls;
}

type User = ReturnType<typeof userEvent.setup>;

async function typeInto(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillStep1(user: User, { subject }: { subject?: string } = {}) {
  await typeInto(user, 'Full name', 'Hana Tesfaye');
  await typeInto(user, 'Email', 'hana@example.com');
  await typeInto(user, 'Phone', '+1 202 555 0100');
  await user.selectOptions(screen.getByLabelText('Relationship to student'), 'Mother');
  if (subject) await user.selectOptions(await screen.findByLabelText('Subject'), subject);
  await typeInto(user, 'Student full name', 'Liya Tesfaye');
  await user.selectOptions(screen.getByLabelText('Grade'), 'Grade 7');
  await user.click(screen.getByLabelText(/I confirm the student information/));
}

async function toStep2(user: User, opts: { subject?: string } = {}) {
  await fillStep1(user, opts);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Schedule' });
}

const calendar = () => screen.getByTestId('booking-calendar');
const dayButton = (date: string) =>
  within(calendar()).getByRole('button', { name: new RegExp(`^\\w+, ${dayNumber(date)} `) });

async function openTargetMonth(user: User) {
  await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the booking wizard: titles and step 1', () => {
  it("is titled 'Book a Tutoring Session' with a tutor, whose subject is read-only", async () => {
    useApi();
    renderWizard();
    expect(screen.getByRole('heading', { level: 1, name: m.titleWithTutor })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('Chemistry'));
    expect(screen.getByLabelText('Subject')).toHaveAttribute('readonly');
    const steps = screen.getByRole('navigation', { name: 'Booking steps' });
    expect(within(steps).getByText('Contact & Student').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(within(steps).getByText('Schedule').closest('li')).not.toHaveAttribute('aria-current');
    expect(within(steps).getByText('Confirmation')).toBeInTheDocument();
  });

  it("is titled 'Book by Subject' without one; the list loads, drops inactive ones and preselects ?subject=", async () => {
    useApi();
    server.use(
      http.get('/api/subjects/public/', async ({ request }) => {
        expect(new URL(request.url).searchParams.get('is_active')).toBe('1');
        expect(new URL(request.url).searchParams.get('_ts')).toMatch(/^\d+$/);
        await delay(50);
        return HttpResponse.json(subjects);
      }),
    );
    renderWizard({ tutorId: null, subjectSlug: 'Sciences' });
    expect(screen.getByRole('heading', { level: 1, name: m.titleBySubject })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: m.loadingSubjects })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('sciences'));
    expect(screen.getByRole('option', { name: m.selectSubject })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Old' })).not.toBeInTheDocument();
  });

  it('falls back to /api/subjects/subjects/, and says so when both fail', async () => {
    server.use(
      http.get('/api/subjects/public/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
      http.get('/api/subjects/subjects/', () => HttpResponse.json([subjects[0]])),
    );
    renderWizard({ tutorId: null });
    expect(await screen.findByRole('option', { name: 'Mathematics' })).toBeInTheDocument();
  });

  it("shows 'Unable to load subjects' when no list loads", async () => {
    server.use(
      http.get('/api/subjects/public/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
      http.get('/api/subjects/subjects/', () => HttpResponse.error()),
    );
    renderWizard({ tutorId: null });
    expect(await screen.findByText(m.subjectsLoadFailed)).toBeInTheDocument();
  });

  it("shows 'Failed to load tutor data.' when the tutor lookup fails", async () => {
    server.use(
      http.get('/api/tutors/public/7/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(m.tutorLoadFailed);
    expect(screen.getByText(m.calculatedAtCheckout)).toBeInTheDocument();
  });

  it('shows every step 1 message together in one red box, joined by line breaks', async () => {
    useApi();
    const { user } = renderWizard({ tutorId: null });
    await screen.findByRole('option', { name: 'Mathematics' });
    await user.click(screen.getByLabelText(/Someone else will pay/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    const expected = [
      m.guardianNameRequired,
      m.guardianEmailInvalid,
      m.guardianPhoneRequired,
      m.relationshipRequired,
      m.subjectRequired,
      m.studentNameRequired,
      m.studentGradeAgeOrDob,
      m.payerNameRequired,
      m.payerEmailInvalid,
      m.confirmStudentInfo,
    ];
    expect(alerts[0]!.textContent).toBe(expected.join(''));
    expect(alerts[0]!.querySelectorAll('br')).toHaveLength(expected.length - 1);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Contact & Student' })).toBeInTheDocument();
  });

  it('does not ask for a subject when the tutor sets it, and moves on once step 1 is valid', async () => {
    useApi();
    const { user } = renderWizard();
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('Chemistry'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).not.toHaveTextContent(m.subjectRequired);
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Booking steps' });
    expect(within(steps).getByText('Schedule').closest('li')).toHaveAttribute('aria-current', 'step');
  });
});

describe('the booking wizard: step 2', () => {
  it('locks the calendar until the month is loaded; past days and days without a slot are disabled', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    useApi({ gate });
    const { user } = renderWizard();
    await toStep2(user);
    await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'true'));
    expect(calendar().className).toMatch(/pointer-events-none/);
    expect(
      within(calendar())
        .getAllByRole('button')
        .every((b) => b.hasAttribute('disabled')),
    ).toBe(true);
    release();
    await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
    // Monday first.
    expect(within(calendar()).getAllByRole('columnheader')[0]).toHaveTextContent('Mon');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
    expect(dayButton(firstMonday)).toBeEnabled();
    expect(dayButton(firstTuesday)).toBeDisabled();
    // The current month cannot go back further.
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled());
  });

  it('asks for the month with the tutor, the duration in minutes and only future slots', async () => {
    const calls = useApi();
    const { user } = renderWizard();
    await toStep2(user);
    await openTargetMonth(user);
    const last = calls.available.at(-1)!;
    expect(last.get('tutor_id')).toBe('7');
    expect(last.get('year')).toBe(String(target.year));
    expect(last.get('month')).toBe(String(target.month));
    expect(last.get('duration_minutes')).toBe('60');
    expect(last.get('only_future')).toBe('1');
    expect(last.get('_ts')).toMatch(/^\d+$/);
  });

  it('falls back to the booked slots when the answer has no available map (spec §7)', async () => {
    useApi();
    let bookedQuery: URLSearchParams | null = null;
    server.use(
      http.get('/api/reservations/available/', () => HttpResponse.json({})),
      http.get('/api/reservations/booked/', ({ request }) => {
        bookedQuery = new URL(request.url).searchParams;
        return HttpResponse.json({ booked: { [firstMonday]: [{ start: '16:30', duration_minutes: 60 }] } });
      }),
    );
    const { user } = renderWizard();
    await toStep2(user);
    await openTargetMonth(user);
    expect(bookedQuery!.get('tutor_id')).toBe('7');
    expect(bookedQuery!.get('month')).toBe(String(target.month));
    expect(dayButton(firstTuesday)).toBeDisabled();
    await user.click(dayButton(firstMonday));
    const monday = await screen.findByLabelText('Start time for Monday');
    // 16:00–19:00 on the half hour for 1 hour, minus what overlaps 16:30–17:30.
    expect(
      within(monday)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', '17:30', '18:00']);
  });

  it('picking a date adds its weekday; unchecking a day removes its time; a day without times says so', async () => {
    useApi();
    const { user } = renderWizard();
    await toStep2(user);
    await openTargetMonth(user);
    await user.click(dayButton(firstMonday));
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    const monday = await screen.findByLabelText('Start time for Monday');
    expect(
      within(monday)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', ...slotsInWindows(windows.mon, 60)]);
    expect(within(monday).getByRole('option', { name: /^16:00 EAT/ })).toBeInTheDocument();
    await user.selectOptions(monday, '17:00');
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    expect(screen.getByText(m.noTimesForDay('Tuesday'))).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(screen.queryByLabelText('Start time for Monday')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(screen.getByLabelText('Start time for Monday')).toHaveValue('');
  });

  it('shows the step 2 messages together on Next', async () => {
    useApi();
    const { user } = renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.dateAndDayRequired);

    await openTargetMonth(user);
    await user.click(dayButton(firstMonday));
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.dateDayMustBeRecurring);
    expect(alert).toHaveTextContent(m.timePerDayRequired);
    expect(alert.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
  });

  it('a duration change reloads availability and clears a date left without slots', async () => {
    const calls = useApi();
    const { user } = renderWizard();
    await toStep2(user);
    await openTargetMonth(user);
    await user.click(dayButton(firstMonday));
    await user.selectOptions(await screen.findByLabelText('Start time for Monday'), '17:30');
    const duration = screen.getByLabelText('Duration (hours)');
    await user.clear(duration);
    await user.type(duration, '2');
    await waitFor(() => expect(calls.available.at(-1)!.get('duration_minutes')).toBe('120'));
    // 17:30 + 2 h runs past the 19:00 window end: that time is cleared, the date (16:00 still fits) stays.
    await waitFor(() => expect(screen.getByLabelText('Start time for Monday')).toHaveValue(''));
    expect(screen.getByText(/Selected:/)).toBeInTheDocument();
    await user.clear(duration);
    await user.type(duration, '4');
    await waitFor(() => expect(calls.available.at(-1)!.get('duration_minutes')).toBe('240'));
    await waitFor(() => expect(screen.getByText('No date selected yet.')).toBeInTheDocument());
  });

  it('in subject mode, changing the subject clears the date, days and times', async () => {
    const calls = useApi();
    const { user } = renderWizard({ tutorId: null, subjectSlug: 'mathematics' });
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('mathematics'));
    await toStep2(user);
    await openTargetMonth(user);
    expect(calls.available.at(-1)!.get('subject')).toBe('mathematics');
    await user.click(dayButton(firstMonday));
    await user.selectOptions(await screen.findByLabelText('Start time for Monday'), '16:00');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.selectOptions(screen.getByLabelText('Subject'), 'sciences');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Schedule' });
    expect(screen.getByText('No date selected yet.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
  });
});

describe('the booking wizard: cost, confirmation and submission', () => {
  async function toConfirmation(user: User, days: ('mon' | 'wed')[] = ['mon']) {
    await toStep2(user);
    await openTargetMonth(user);
    await user.click(dayButton(firstMonday));
    await user.selectOptions(await screen.findByLabelText('Start time for Monday'), '16:00');
    if (days.includes('wed')) {
      await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
      await user.selectOptions(await screen.findByLabelText('Start time for Wednesday'), '09:30');
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirmation' });
  }

  it('shows the mini cost line: rate × hours × days × 4 weeks, with the hint', async () => {
    useApi();
    const { user } = renderWizard();
    const line = () => screen.getByRole('group', { name: m.estimatedMonthlyCost });
    await waitFor(() => expect(line()).toHaveTextContent('$80.00'));
    expect(line()).toHaveTextContent(m.costHint);
    await toStep2(user);
    await openTargetMonth(user);
    await user.click(dayButton(firstMonday));
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    expect(line()).toHaveTextContent('$160.00');
    expect(line()).toHaveTextContent('hr × duration × 2 days × 4 weeks');
  });

  it("says 'Calculated at checkout' while the rate is unknown", async () => {
    useApi();
    renderWizard({ tutorId: null });
    expect(screen.getByRole('group', { name: m.estimatedMonthlyCost })).toHaveTextContent(
      m.calculatedAtCheckout,
    );
  });

  it('lists every planned date and the same cost on the confirmation step', async () => {
    useApi();
    const { user } = renderWizard();
    await toConfirmation(user, ['mon', 'wed']);
    const planned = screen.getByRole('list', { name: 'Planned sessions' });
    expect(within(planned).getAllByRole('listitem')).toHaveLength(8);
    expect(planned).toHaveTextContent('16:00 EAT');
    expect(planned).toHaveTextContent('09:30 EAT');
    expect(screen.getByTestId('confirm-cost')).toHaveTextContent('$160.00');
    expect(screen.getByTestId('mini-cost')).toHaveTextContent('$160.00');
    expect(screen.getByText(m.skippedNote)).toBeInTheDocument();
    expect(screen.getByText('Liya Tesfaye')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.confirmBooking })).toBeEnabled();
  });

  it("shows the server's plan: a date that cannot be booked is marked with why and left out of the amount", async () => {
    // The second Monday at 16:00 is already someone else's (the month's first Monday stays free to pick).
    useApi({ taken: new Set([`${addDays(firstMonday, 7)} 16:00`]) });
    const { user } = renderWizard();
    await toConfirmation(user);
    const skipped = await screen.findByRole('list', { name: 'Skipped sessions' });
    expect(within(skipped).getAllByRole('listitem')).toHaveLength(1);
    expect(skipped).toHaveTextContent('Clashes with an existing booking.');
    expect(
      within(screen.getByRole('list', { name: 'Planned sessions' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Amount to pay' })).toHaveTextContent('$60.00');
    expect(screen.getByTestId('confirm-cost')).toHaveTextContent('$60.00');
    expect(screen.getByTestId('mini-cost')).toHaveTextContent('$60.00');
  });

  it("sends the payload, shows 'Processing...', then goes to /payment after 600 ms with the id and amount", async () => {
    const calls = useApi();
    const id = '3f1c2a9e-8d7b-4c1a-9e2f-0a1b2c3d4e5f';
    let respond!: () => void;
    const answered = new Promise<void>((resolve) => (respond = resolve));
    server.use(
      http.post('/api/reservations/reservations/', async ({ request }) => {
        calls.posted.push(await request.json());
        await answered;
        return HttpResponse.json(
          {
            id,
            status: 'pending_payment',
            amount: 80,
            amount_cents: 8000,
            currency: 'USD',
            tutor: { id: 7, full_name: tutor.full_name },
            subject: 'Chemistry',
            duration_hours: 1,
            time_zone: 'Africa/Addis_Ababa',
            hold_expires_at: new Date(Date.now() + 1_800_000).toISOString(),
            sessions: [
              {
                id: 's1',
                starts_at: '',
                ends_at: '',
                start: '',
                date: firstMonday,
                time: '16:00',
                status: 'held',
              },
            ],
            skipped: [],
          },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderWizard();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    expect(await screen.findByRole('button', { name: m.processing })).toBeDisabled();
    expect(calls.posted[0]).toMatchObject({
      tutor: 7,
      date: firstMonday,
      time: '16:00',
      duration_hours: 1,
      days: ['mon'],
      days_times: { mon: '16:00' },
      full_name: 'Hana Tesfaye',
      guardian_relationship: 'Mother',
      student_full_name: 'Liya Tesfaye',
      student_grade: 'Grade 7',
      subject: 'Chemistry',
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    respond();
    expect(await screen.findByText(/Reservation created/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booking/form');
    await act(() => vi.advanceTimersByTimeAsync(650));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(screen.getByTestId('search')).toHaveTextContent(`?reservation_id=${id}`);
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      full_name: 'Hana Tesfaye',
      email: 'hana@example.com',
      amount: 80,
      reservation_id: id,
    });
  });

  it('clears a time that is no longer available and asks for one before sending', async () => {
    const calls = useApi();
    const { user, client } = renderWizard();
    await toConfirmation(user);
    // The cached month now shows 16:00 taken (as after a reload that has not yet cleared the time).
    client.setQueriesData<Record<string, string[]>>({ queryKey: ['bookings', 'availability'] }, (old) =>
      old ? { ...old, [firstMonday]: (old[firstMonday] ?? []).filter((t) => t !== '16:00') } : old,
    );
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.dateAndTimeRequired);
    expect(calls.posted).toHaveLength(0);
  });

  it('maps a taken slot to the spec sentence, reloads the month and returns to the schedule', async () => {
    const taken = new Set<string>();
    const calls = useApi({ taken });
    server.use(
      http.post('/api/reservations/reservations/', () => {
        taken.add(`${firstMonday} 16:00`);
        return HttpResponse.json(
          { detail: 'conflicting key value violates exclusion constraint "sessions_no_overlap"' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderWizard();
    await toConfirmation(user);
    const before = calls.available.length;
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.slotTaken);
    expect(screen.getByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
    await waitFor(() => expect(calls.available.length).toBeGreaterThan(before));
    const monday = await screen.findByLabelText('Start time for Monday');
    await waitFor(() => expect(monday).toHaveValue(''));
    expect(within(monday).queryByRole('option', { name: /^16:00/ })).not.toBeInTheDocument();
  });

  it("shows field errors as 'field: message' lines, and the generic sentence otherwise", async () => {
    useApi();
    let answer = HttpResponse.json(
      { email: ['Enter a valid e-mail address.'], phone: ['Too long.'] },
      { status: 400 },
    );
    server.use(http.post('/api/reservations/reservations/', () => answer));
    const { user } = renderWizard();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('email: Enter a valid e-mail address.phone: Too long.');
    expect(alert.querySelectorAll('br')).toHaveLength(1);
    answer = HttpResponse.json({}, { status: 500 });
    await user.click(screen.getByRole('button', { name: m.confirmBooking }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.bookingFailed));
  });
});
