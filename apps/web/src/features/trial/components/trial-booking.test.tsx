import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trialMessages, type TrialSlots } from '@tibeb/domain/bookings/trial';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { ContinueWeeklyCards } from './continue-weekly.tsx';
import { TrialBooking } from './trial-booking.tsx';

const slots = (free: boolean): TrialSlots => ({
  tutor: {
    id: 7,
    full_name: 'Yonas Bekele',
    subject: 'Physics',
    profile_image: '',
    time_zone: 'Africa/Addis_Ababa',
  },
  trial: free
    ? { minutes: 30, price: 0, price_cents: 0, price_etb: null, free: true }
    : { minutes: 45, price: 10, price_cents: 1000, price_etb: null, free: false },
  etb_offered: false,
  days: [
    { date: '2031-03-03', times: ['10:00', '10:30'] },
    { date: '2031-03-04', times: ['16:00'] },
  ],
});

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname + location.search}
      {location.state ? ` ${JSON.stringify(location.state)}` : ''}
    </p>
  );
}

function renderAt(ui: ReactNode, path = '/booking/trial/7') {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/booking/trial/:tutorId" element={ui} />
          <Route path="/student/dashboard" element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Full name'), 'Almaz Tesfaye');
  await userEvent.type(screen.getByLabelText('Email'), 'almaz@example.com');
  await userEvent.type(screen.getByLabelText('Phone'), '+251911000000');
  await userEvent.type(screen.getByLabelText('Student full name'), 'Liya');
  await userEvent.selectOptions(screen.getByLabelText('Grade'), 'Grade 5');
}

describe('the trial path', () => {
  it('books a free trial: contact, student, one slot, then the confirmation', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/reservations/trial/7/', () => HttpResponse.json(slots(true))),
      http.post('/api/reservations/trial/', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            id: 'r1',
            status: 'confirmed',
            amount_cents: 0,
            currency: 'USD',
            free: true,
            next_url: '/payment-success?session_id=credit_1',
          },
          { status: 201 },
        );
      }),
    );
    renderAt(<TrialBooking tutorId={7} />);
    expect(await screen.findByRole('heading', { name: 'Book a trial lesson' })).toBeInTheDocument();
    expect(screen.getByTestId('trial-price')).toHaveTextContent('Free');
    await fillIn();
    // Nothing is sent before a time is chosen.
    await userEvent.click(screen.getByRole('button', { name: 'Book the free trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(trialMessages.slotRequired);
    expect(sent).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: /3 Mar/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^10:30 EAT/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Book the free trial' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/payment-success?session_id=credit_1');
    expect(sent[0]).toMatchObject({
      tutor: 7,
      date: '2031-03-03',
      time: '10:30',
      full_name: 'Almaz Tesfaye',
      email: 'almaz@example.com',
      student_full_name: 'Liya',
      student_grade: 'Grade 5',
      currency: 'USD',
    });
  });

  it('a paid trial goes to the payment page with its amount', async () => {
    server.use(
      http.get('/api/reservations/trial/7/', () => HttpResponse.json(slots(false))),
      http.post('/api/reservations/trial/', () =>
        HttpResponse.json(
          {
            id: 'r2',
            status: 'pending_payment',
            amount_cents: 1000,
            currency: 'USD',
            free: false,
            next_url: '/payment?reservation_id=r2',
          },
          { status: 201 },
        ),
      ),
    );
    renderAt(<TrialBooking tutorId={7} />);
    expect(await screen.findByTestId('trial-price')).toHaveTextContent('$10.00');
    await fillIn();
    await userEvent.click(screen.getByRole('radio', { name: /4 Mar/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^16:00 EAT/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const where = await screen.findByTestId('where');
    expect(where).toHaveTextContent('/payment?reservation_id=r2');
    expect(where).toHaveTextContent('"amount":10');
  });

  it('says so when the family already had a trial with this tutor', async () => {
    server.use(
      http.get('/api/reservations/trial/7/', () => HttpResponse.json(slots(true))),
      http.post('/api/reservations/trial/', () =>
        HttpResponse.json(
          { detail: trialMessages.alreadyBooked, code: 'trial_already_booked' },
          { status: 409 },
        ),
      ),
    );
    renderAt(<TrialBooking tutorId={7} />);
    await screen.findByTestId('trial-price');
    await fillIn();
    await userEvent.click(screen.getByRole('radio', { name: /3 Mar/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^10:00 EAT/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Book the free trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(trialMessages.alreadyBooked);
  });

  it('a tutor without a trial: says so, with a way back', async () => {
    server.use(
      http.get('/api/reservations/trial/7/', () =>
        HttpResponse.json({ detail: trialMessages.notOffered, code: 'trial_not_offered' }, { status: 404 }),
      ),
    );
    renderAt(<TrialBooking tutorId={7} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(trialMessages.notOffered);
    expect(screen.getByRole('link', { name: 'See all tutors' })).toHaveAttribute('href', '/tutors');
  });
});

describe('Continue weekly', () => {
  it('offers the wizard with the tutor, the student and the contact of the finished trial', async () => {
    server.use(
      http.get('/api/student/continue-weekly/', () =>
        HttpResponse.json([
          {
            reservation_id: 'r1',
            tutor_id: 7,
            tutor_name: 'Yonas Bekele',
            subject: 'Physics',
            student_name: 'Liya',
            student_grade: 'Grade 5',
            full_name: 'Almaz Tesfaye',
            email: 'almaz@example.com',
            phone: '+251911000000',
          },
        ]),
      ),
    );
    renderAt(<ContinueWeeklyCards />, '/student/dashboard');
    const link = await screen.findByRole('link', { name: 'Continue weekly with Yonas Bekele' });
    await userEvent.click(link);
    const where = await screen.findByTestId('where');
    expect(where).toHaveTextContent('/booking/form');
    expect(where).toHaveTextContent('"tutorId":7');
    expect(where).toHaveTextContent('"student_name":"Liya"');
    expect(where).toHaveTextContent('"email":"almaz@example.com"');
  });

  it('shows nothing without a finished trial', async () => {
    server.use(http.get('/api/student/continue-weekly/', () => HttpResponse.json([])));
    const { container } = renderAt(<ContinueWeeklyCards />, '/student/dashboard');
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
