import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { monthDates, weekdayOf } from '@tibeb/domain/bookings/slots';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { BookingWizard } from './booking-wizard.tsx';

/** For the wizard's tests: today in EAT, and the month after it (every date in it is in the future). */
export const now = instantToWallClock(new Date(), 'Africa/Addis_Ababa').date;
const thisMonth = { year: Number(now.slice(0, 4)), month: Number(now.slice(5, 7)) };
export const target =
  thisMonth.month === 12
    ? { year: thisMonth.year + 1, month: 1 }
    : { year: thisMonth.year, month: thisMonth.month + 1 };
export const targetDates = monthDates(target.year, target.month);
export const firstMonday = targetDates.find((d) => weekdayOf(d) === 'mon')!;

type Window = { start: string; end: string };
type Week = Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', Window[]>;

/** The wizard tests' tutor (Selam Bekele, Chemistry, $20 an hour in EAT), teaching in these weekly windows. */
export function wizardTutor(
  windows: Partial<Week>,
  texts: { bio?: string; education?: string; teaching_style?: string } = {},
) {
  return {
    id: 7,
    full_name: 'Selam Bekele',
    subject: 'Chemistry',
    subject_id: 2,
    category: 'Sciences',
    grade_from: 6,
    grade_to: 12,
    bio: 'Patient chemistry tutor.',
    education: 'BSc Chemistry, AAU',
    years_of_experience: 6,
    teaching_style: 'Socratic',
    ...texts,
    hourly_rate: 20,
    average_rating: 4.6,
    total_reviews: 5,
    profile_image: '',
    checks: [],
    time_zone: 'Africa/Addis_Ababa',
    availability: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [], ...windows } as Week,
  };
}

/** Stands for the payment page: shows what the wizard handed over. */
function PaymentProbe() {
  const location = useLocation();
  return (
    <div>
      <h1>Payment page</h1>
      <p data-testid="search">{location.search}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

/** The wizard at /booking/form (the payment page probed), with a fresh query client and a user. */
export function renderWizard({ tutorId = 7 as number | null, subjectSlug = null as string | null } = {}) {
  // Each test starts without the fields an earlier one kept in this tab (decision 253).
  sessionStorage.clear();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/booking/form', element: <BookingWizard tutorId={tutorId} subjectSlug={subjectSlug} /> },
      { path: '/payment', element: <PaymentProbe /> },
    ],
    { initialEntries: ['/booking/form'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router, client };
}
