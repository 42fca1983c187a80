import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renewalMessages, type RenewalOffer } from '@tibeb/domain/family/contracts';
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
  currency: 'USD',
  currency_notice: null,
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
          {
            id: 'n1',
            amount: 50,
            amount_cents: 5000,
            currency: 'USD',
            full_name: 'Marta Alemayehu',
            email: 'm@example.com',
          },
          { status: 201 },
        ),
      ),
    );
    renderOffers();
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

  it('renews a birr booking in birr: its amounts in ETB, paid with Chapa, the currency sent and passed on', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/student/renewals/', () => HttpResponse.json([birrOffer])),
      http.post('/api/student/renewals/r1/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            id: 'n2',
            amount: 4500,
            amount_cents: 450000,
            currency: 'ETB',
            full_name: 'Marta Alemayehu',
            email: 'm@example.com',
          },
          { status: 201 },
        );
      }),
    );
    renderOffers();
    const card = await screen.findByRole('listitem', { name: 'Renew Mathematics with Abebe Bekele' });
    expect(card).toHaveTextContent('3 sessionsETB 4,500.00');
    expect(card).toHaveTextContent('Your credit, spent first−ETB 3,375.00');
    expect(card).toHaveTextContent('To pay in birr with Chapa');
    expect(card).not.toHaveTextContent('To pay by card');
    expect(within(card).getByTestId('renewal-charge')).toHaveTextContent('ETB 1,125.00');
    await userEvent.click(within(card).getByRole('button', { name: 'Renew and pay' }));
    expect(await screen.findByText(/Paying \?reservation_id=n2/)).toHaveTextContent('"currency":"ETB"');
    expect(bodies).toEqual([{ currency: 'ETB' }]);
  });

  it('says clearly when birr is no longer offered, and shows the new offer when the price changed meanwhile', async () => {
    let current: RenewalOffer = birrOffer;
    server.use(
      http.get('/api/student/renewals/', () => HttpResponse.json([current])),
      http.post('/api/student/renewals/r1/', () => {
        // Chapa was switched off between the offer and the click: the server offers dollars now.
        current = dollarsInstead;
        return HttpResponse.json({ detail: renewalMessages.currencyChanged }, { status: 409 });
      }),
    );
    renderOffers();
    const card = await screen.findByRole('listitem', { name: 'Renew Mathematics with Abebe Bekele' });
    await userEvent.click(within(card).getByRole('button', { name: 'Renew and pay' }));
    expect(await within(card).findByText(renewalMessages.currencyChanged)).toBeInTheDocument();
    expect(await within(card).findByText(renewalMessages.birrUnavailable)).toBeInTheDocument();
    expect(card).toHaveTextContent('3 sessions$150.00');
    expect(card).toHaveTextContent('To pay by card');
    expect(within(card).getByTestId('renewal-charge')).toHaveTextContent('$150.00');
    expect(screen.getByText('Renew and pay')).toBeEnabled();
  });

  it('a second try after a lost answer carries the same Idempotency-Key, so the server renews once', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.get('/api/student/renewals/', () => HttpResponse.json([offer])),
      http.post('/api/student/renewals/r1/', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (keys.length === 1) return HttpResponse.json({ detail: 'Bad gateway' }, { status: 502 });
        return HttpResponse.json(
          {
            id: 'n1',
            amount: 50,
            amount_cents: 5000,
            currency: 'USD',
            full_name: 'M',
            email: 'm@example.com',
          },
          { status: 201 },
        );
      }),
    );
    renderOffers();
    const button = await screen.findByRole('button', { name: 'Renew and pay' });
    await userEvent.click(button);
    await screen.findByRole('alert');
    await userEvent.click(button);
    await screen.findByText(/Paying \?reservation_id=n1/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

const birrOffer: RenewalOffer = {
  ...offer,
  sessions: offer.sessions.map((s) => ({ ...s, status: 'planned' as const, reason: undefined })),
  currency: 'ETB',
  amount_cents: 450000,
  credit_cents: 337500,
  charge_cents: 112500,
};

const dollarsInstead: RenewalOffer = {
  ...birrOffer,
  currency: 'USD',
  currency_notice: renewalMessages.birrUnavailable,
  amount_cents: 15000,
  credit_cents: 0,
  charge_cents: 15000,
};

function renderOffers() {
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
}
