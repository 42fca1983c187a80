import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renewalMessages, type RenewalOffer } from '@tibeb/domain/family/contracts';
import { server } from '../../../test/msw-server.ts';
import { RenewalOffers } from './renewal-offers.tsx';

/** Decision 251: the renewal's amount is shown before payment, and a price unlike last time's is said. */
const offer: RenewalOffer = {
  reservation_id: 'r1',
  tutor_id: 1,
  tutor_name: 'Abebe Bekele',
  subject: 'Coding',
  student_name: 'Nahom',
  time_zone: 'Africa/Addis_Ababa',
  paid_until: '2026-11-24T14:00:00.000Z',
  sessions: [{ date: '2026-12-01', time: '17:00', start: '2026-12-01T14:00:00.000Z', status: 'planned' }],
  currency: 'USD',
  currency_notice: renewalMessages.birrUnavailable,
  price_notice: renewalMessages.priceDiffers,
  amount_cents: 5000,
  credit_cents: 0,
  charge_cents: 5000,
  problem: null,
};

function renderOffers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/student/dashboard', element: <RenewalOffers familyZone="Africa/Addis_Ababa" /> }],
    { initialEntries: ['/student/dashboard'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('renewal price notice', () => {
  it('says before payment that the price differs from last time, beside the amount', async () => {
    server.use(http.get('/api/student/renewals/', () => HttpResponse.json([offer])));
    renderOffers();
    expect(await screen.findByText(renewalMessages.priceDiffers)).toBeInTheDocument();
    expect(screen.getAllByText('$50.00').length).toBeGreaterThan(0);
  });

  it('says nothing when the renewal keeps the price paid', async () => {
    server.use(
      http.get('/api/student/renewals/', () => HttpResponse.json([{ ...offer, price_notice: null }])),
    );
    renderOffers();
    await screen.findByText(renewalMessages.birrUnavailable);
    expect(screen.queryByText(renewalMessages.priceDiffers)).not.toBeInTheDocument();
  });
});
