import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { server } from '../../../test/msw-server.ts';
import { rememberReservation } from '../utils/wizard-draft.ts';
import { BookingWizard } from './booking-wizard.tsx';
import { heldReservation } from '../../../test/reservation.ts';
import { wizardTutor } from './wizard.test-helpers.tsx';

vi.setConfig({ testTimeout: 30_000 });

/** A booking this browser made, as the reservation GET answers it. */
const reservation = heldReservation;

/** Decision 253: the wizard keeps its fields in this tab, and tells of a booking still waiting for payment. */
const tutor = wizardTutor({ mon: [{ start: '16:00', end: '19:00' }] });
afterEach(() => sessionStorage.clear());

/** The wizard with tutor 7, without clearing what this tab kept (unlike renderWizard). */
function openWizard() {
  server.use(http.get('/api/tutors/public/7/', () => HttpResponse.json(tutor)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/booking/form', element: <BookingWizard tutorId={7} subjectSlug={null} /> },
      { path: '/payment', element: <h1>Payment page</h1> },
    ],
    { initialEntries: ['/booking/form'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('the booking wizard keeps its fields (decision 253)', () => {
  it('finds what was typed again when opened again in the same tab, but not the accuracy box', async () => {
    const first = openWizard();
    await first.user.click(await screen.findByLabelText('Full name'));
    await first.user.paste('Almaz Tesfaye');
    await first.user.click(screen.getByLabelText('Student full name'));
    await first.user.paste('Liya Tesfaye');
    await first.user.click(screen.getByLabelText(/I confirm the student information/));
    cleanup();

    openWizard();
    expect(await screen.findByLabelText('Full name')).toHaveValue('Almaz Tesfaye');
    expect(screen.getByLabelText('Student full name')).toHaveValue('Liya Tesfaye');
    expect(screen.getByLabelText(/I confirm the student information/)).not.toBeChecked();
  });

  it('starts empty in another tab (nothing kept)', async () => {
    openWizard();
    expect(await screen.findByLabelText('Full name')).toHaveValue('');
  });
});

describe('a booking waiting for payment (decision 253)', () => {
  const later = new Date(Date.now() + 20 * 60_000).toISOString();

  it('is shown with its tutor, amount and a link to pay it', async () => {
    rememberReservation(reservation.id);
    server.use(
      http.get(`/api/reservations/reservations/${reservation.id}/`, () =>
        HttpResponse.json({ ...reservation, hold_expires_at: later }),
      ),
    );
    openWizard();
    const notice = await screen.findByRole('region', { name: 'You have a booking waiting for payment' });
    expect(within(notice).getByText(/Abebe Kebede · Mathematics/)).toBeInTheDocument();
    expect(within(notice).getByText(/\$80\.00/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Pay for this booking' })).toHaveAttribute(
      'href',
      `/payment?reservation_id=${reservation.id}`,
    );
  });

  it('is not shown once its hold has lapsed, and is forgotten', async () => {
    rememberReservation(reservation.id);
    server.use(
      http.get(`/api/reservations/reservations/${reservation.id}/`, () =>
        HttpResponse.json({ ...reservation, hold_expires_at: new Date(Date.now() - 60_000).toISOString() }),
      ),
    );
    openWizard();
    await screen.findByLabelText('Full name');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText('You have a booking waiting for payment')).not.toBeInTheDocument();
    expect(localStorage.getItem('tibeb.unpaid-reservations')).toBe('[]');
  });
});
