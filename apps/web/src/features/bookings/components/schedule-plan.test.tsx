import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { monthDates, slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { now, renderWizard, targetDates } from './wizard.test-helpers.tsx';

/**
 * Book by subject with one tutor (decision 249): once the first date's time is chosen, the other days offer the
 * times of the server's plan (one tutor free at all of them), and the step says who.
 */
vi.setConfig({ testTimeout: 30_000 });

const firstSaturday = targetDates.find((d) => weekdayOf(d) === 'sat')!;
const yonas = { id: 3, full_name: 'Yonas Alemu' };
const fitsum = { id: 5, full_name: 'Fitsum Gebremedhin' };
const union = {
  sat: [{ start: '08:00', end: '11:00' }],
  tue: [
    { start: '10:00', end: '11:00' },
    { start: '16:00', end: '18:00' },
  ],
};

type User = ReturnType<typeof userEvent.setup>;

function useSubjectApi() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/subjects/public/', () =>
      HttpResponse.json([
        {
          id: 4,
          name: 'Coding',
          slug: 'coding',
          category: 'Coding',
          price_per_hour: 25,
          is_active: true,
          description: '',
          level: '',
        },
      ]),
    ),
    http.get('/api/reservations/available-by-subject/', ({ request }) => {
      const p = new URL(request.url).searchParams;
      asked.push(p);
      const available: Record<string, string[]> = {};
      for (const date of monthDates(Number(p.get('year')), Number(p.get('month')))) {
        const day = weekdayOf(date) as 'sat' | 'tue';
        available[date] = date > now ? slotsInWindows(union[day] ?? [], 60) : [];
      }
      if (!p.get('date')) return HttpResponse.json({ available });
      // Saturday 08:00 is Yonas's: with it Tuesday offers his 10:00 only; Saturday 10:00 is Fitsum's (16:00, 17:00).
      const sat = (p.get('days_times') ?? '').match(/sat:(\d\d:\d\d)/)?.[1];
      const tutor = sat === '08:00' ? yonas : fitsum;
      const tue = sat === '08:00' ? ['10:00'] : ['16:00', '17:00'];
      return HttpResponse.json({
        available,
        plan: {
          date: p.get('date'),
          tutor,
          times: { sat: [{ time: sat, tutor }], tue: tue.map((time) => ({ time, tutor })) },
        },
      });
    }),
  );
  return asked;
}

async function toSchedule(user: User) {
  const paste = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('coding'));
  await paste('Full name', 'Hana Tesfaye');
  await paste('Email', 'hana@example.com');
  await paste('Phone', '+1 202 555 0100');
  await user.selectOptions(screen.getByLabelText('Relationship to student'), 'Mother');
  await paste('Student full name', 'Liya Tesfaye');
  await user.selectOptions(screen.getByLabelText('Grade'), 'Grade 7');
  await user.click(screen.getByLabelText(/I confirm the student information/));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Schedule' });
  const calendar = () => screen.getByTestId('booking-calendar');
  await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  await waitFor(() => expect(calendar()).toHaveAttribute('aria-busy', 'false'));
  await user.click(
    within(calendar()).getByRole('button', { name: new RegExp(`^\\w+, ${Number(firstSaturday.slice(8))} `) }),
  );
}

const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

describe('book by subject on two days (decision 249)', () => {
  it("offers the other day only the first time's tutor's times, and says who", async () => {
    const asked = useSubjectApi();
    const { user } = renderWizard({ tutorId: null, subjectSlug: 'coding' });
    await toSchedule(user);
    await user.selectOptions(await screen.findByLabelText('Start time for Saturday'), '08:00');
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await waitFor(() => expect(options('Start time for Tuesday')).toEqual(['10:00']));
    expect(screen.getByTestId('plan-tutor')).toHaveTextContent(
      'With Yonas Alemu, who is free at the times you chose every week.',
    );
    const planAsk = asked.find((p) => p.get('date'));
    expect(planAsk?.get('date')).toBe(firstSaturday);
    expect(planAsk?.get('days_times')).toBe('sat:08:00');

    // Another Saturday time: Tuesday's 10:00 no longer fits and is offered no more; Fitsum's times are.
    await user.selectOptions(screen.getByLabelText('Start time for Tuesday'), '10:00');
    await user.selectOptions(screen.getByLabelText('Start time for Saturday'), '10:00');
    await waitFor(() => expect(options('Start time for Tuesday')).toEqual(['16:00', '17:00']));
    expect(screen.getByLabelText('Start time for Tuesday')).toHaveValue('');
    expect(screen.getByTestId('plan-tutor')).toHaveTextContent('With Fitsum Gebremedhin');
  });

  it('a time that went says so on step 3, Confirm is off, and Back offers the plan again', async () => {
    useSubjectApi();
    server.use(
      http.post('/api/reservations/preview/', () =>
        HttpResponse.json(
          {
            detail: 'This tutor is no longer free on Tuesday at 10:00. Please pick another time.',
            code: 'tutor_no_longer_free',
            params: { day: 'Tuesday', time: '10:00' },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWizard({ tutorId: null, subjectSlug: 'coding' });
    await toSchedule(user);
    await user.selectOptions(await screen.findByLabelText('Start time for Saturday'), '08:00');
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await waitFor(() => expect(options('Start time for Tuesday')).toEqual(['10:00']));
    await user.selectOptions(screen.getByLabelText('Start time for Tuesday'), '10:00');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirmation' });
    expect(await screen.findByText(/no longer free on Tuesday at 10:00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
  });
});
