import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RenewalOffer } from '@tibeb/domain/family/contracts';
import { server } from '../../../test/msw-server.ts';
import { RenewalOffers } from './renewal-offers.tsx';

const offer: RenewalOffer = {
  reservation_id: 'r1',
  tutor_id: 1,
  tutor_name: 'Abebe Bekele',
  subject: 'Mathematics',
  student_name: 'Nahom',
  time_zone: 'Africa/Addis_Ababa',
  paid_until: '2026-11-24T14:00:00.000Z',
  sessions: [
    { date: '2026-12-01', time: '17:00', start: '2026-12-01T14:00:00.000Z', status: 'planned' },
    {
      date: '2026-12-08',
      time: '17:00',
      start: '2026-12-08T14:00:00.000Z',
      status: 'skipped',
      reason: 'Clashes with an existing booking.',
    },
    { date: '2026-12-15', time: '17:00', start: '2026-12-15T14:00:00.000Z', status: 'planned' },
  ],
  amount_cents: 5000,
  credit_cents: 2000,
  charge_cents: 3000,
  problem: null,
};

function PaymentProbe() {
  const location = useLocation();
  return (
    <p>
      Paying {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

describe('renewal offers', () => {
  it('previews the next weeks with the clash named, credit first, and goes to the payment page', async () => {
    server.use(
      http.get('/api/student/renewals/', () => HttpResponse.json([offer])),
      http.post('/api/student/renewals/r1/', () =>
        HttpResponse.json(
          { id: 'n1', amount: 50, amount_cents: 5000, full_name: 'Marta Alemayehu', email: 'm@example.com' },
          { status: 201 },
        ),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/student/dashboard', element: <RenewalOffers familyZone="Africa/Addis_Ababa" /> },
        { path: '/payment', element: <PaymentProbe /> },
      ],
      { initialEntries: ['/student/dashboard'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('listitem', { name: 'Renew Mathematics with Abebe Bekele' });
    const weeks = within(card).getByRole('list', { name: 'Next weeks' }).querySelectorAll('li');
    expect(weeks).toHaveLength(3);
    expect(weeks[1]).toHaveTextContent('Skipped: Clashes with an existing booking.');
    expect(card).toHaveTextContent('2 sessions$50.00');
    expect(card).toHaveTextContent('Your credit, spent first−$20.00');
    expect(within(card).getByTestId('renewal-charge')).toHaveTextContent('$30.00');
    await userEvent.click(within(card).getByRole('button', { name: 'Renew and pay' }));
    expect(await screen.findByText(/Paying \?reservation_id=n1/)).toHaveTextContent('"amount":50');
  });
});
