import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminReservationDetail } from '@tibeb/domain/admin-reservations/contract';
import type { SubstitutionOffer } from '@tibeb/domain/bookings/substitution';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SubstitutePanel } from './substitute-panel.tsx';
import { SubstitutionAnswerView } from './substitution-answer.tsx';

const detail = {
  reservation: { id: 'res-1', status: 'confirmed', tutor_id: 3, tutor_name: 'Selam Bekele' },
} as unknown as AdminReservationDetail;

const offer = (over: Partial<SubstitutionOffer> = {}): SubstitutionOffer => ({
  id: 'offer-1',
  status: 'pending',
  reservation_id: 'res-1',
  student_name: 'Abel Tesfaye',
  subject: 'Mathematics',
  from_tutor: { id: 3, full_name: 'Selam Bekele' },
  to_tutor: { id: 7, full_name: 'Dawit Alemu', path: '/tutors/7-dawit-alemu' },
  lessons: [
    { starts_at: '2026-12-07T13:00:00.000Z', ends_at: '2026-12-07T14:00:00.000Z' },
    { starts_at: '2026-12-14T13:00:00.000Z', ends_at: '2026-12-14T14:00:00.000Z' },
  ],
  currency: 'USD',
  current_value_cents: 4000,
  new_price_cents: 6000,
  price_difference_cents: 2000,
  reason: 'Selam is moving abroad',
  expires_at: '2026-12-04T10:00:00.000Z',
  created_at: '2026-12-01T10:00:00.000Z',
  decided_at: null,
  family_time_zone: 'Europe/London',
  ...over,
});

describe('the admin’s substitute panel', () => {
  it('lists the free tutors with their price difference and sends the chosen one with the reason', async () => {
    let sent: unknown = null;
    server.use(
      http.get('/api/admin/reservations/res-1/substitution/', () => HttpResponse.json({ offer: null })),
      http.get('/api/admin/reservations/res-1/substitutes/', () =>
        HttpResponse.json({
          currency: 'USD',
          lessons: offer().lessons,
          current_value_cents: 4000,
          tutors: [
            { id: 7, full_name: 'Dawit Alemu', hourly_rate_cents: 3000, price_difference_cents: 2000 },
            { id: 8, full_name: 'Hiwot Girma', hourly_rate_cents: 1500, price_difference_cents: -1000 },
          ],
        }),
      ),
      http.post('/api/admin/reservations/res-1/substitution/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(offer(), { status: 201 });
      }),
    );
    renderWithProviders(<SubstitutePanel detail={detail} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Find another tutor' }));
    expect(await screen.findByText(/Dawit Alemu · \$30\.00\/h · \$20\.00 more/)).toBeInTheDocument();
    expect(screen.getByText(/Hiwot Girma · \$15\.00\/h · \$10\.00 less/)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send the offer to the family' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /Hiwot Girma/ }));
    await userEvent.type(screen.getByLabelText('Reason the family reads'), 'Selam is moving abroad');
    await userEvent.click(send);
    await waitFor(() => expect(sent).toEqual({ tutor_id: 8, reason: 'Selam is moving abroad' }));
    expect(await screen.findByText('The offer was sent to the family.')).toBeInTheDocument();
  });

  it('shows a pending offer with its reason and can withdraw it', async () => {
    let withdrawn = false;
    server.use(
      http.get('/api/admin/reservations/res-1/substitution/', () =>
        HttpResponse.json({ offer: offer(withdrawn ? { status: 'withdrawn' } : {}) }),
      ),
      http.post('/api/admin/substitutions/offer-1/withdraw/', () => {
        withdrawn = true;
        return HttpResponse.json(offer({ status: 'withdrawn' }));
      }),
    );
    renderWithProviders(<SubstitutePanel detail={detail} />);
    expect(
      await screen.findByText(/Offered Dawit Alemu for 2 lessons \(\$20\.00 more\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason: Selam is moving abroad')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find another tutor' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the offer' }));
    expect(await screen.findByText('Withdrawn.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find another tutor' })).toBeInTheDocument();
  });
});

describe('the family’s answer page', () => {
  it('shows who takes over, the lessons in EAT and the family’s time, the price, and sends to pay the rest', async () => {
    let body: unknown = null;
    server.use(
      http.get('/api/bookings/substitutions/tok/', () => HttpResponse.json(offer())),
      http.post('/api/bookings/substitutions/tok/accept/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          status: 'accepted',
          reservation_id: 'res-2',
          amount_due_cents: 2000,
          currency: 'USD',
          payment_path: '/payment?reservation_id=res-2',
        });
      }),
    );
    renderWithProviders(<SubstitutionAnswerView token="tok" />);
    expect(await screen.findByText(/Selam Bekele can no longer teach Abel Tesfaye/)).toBeInTheDocument();
    expect(screen.getByText('Reason given: Selam is moving abroad')).toBeInTheDocument();
    expect(screen.getAllByText(/16:00 EAT/, { selector: 'span' })).toHaveLength(2);
    expect(screen.getAllByText(/your time \(London\)/)).toHaveLength(2);
    expect(screen.getByText(/cost \$20\.00 more \(\$60\.00 instead of \$40\.00\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept Dawit Alemu' }));
    await waitFor(() => expect(body).toEqual({ price_difference_cents: 2000 }));
    expect(await screen.findByRole('link', { name: 'Pay $20.00' })).toHaveAttribute(
      'href',
      '/payment?reservation_id=res-2',
    );
  });

  it('says plainly when the offer is no longer open, and shows the API’s refusal', async () => {
    server.use(
      http.get('/api/bookings/substitutions/old/', () => HttpResponse.json(offer({ status: 'expired' }))),
    );
    renderWithProviders(<SubstitutionAnswerView token="old" />);
    expect(
      await screen.findByText('This offer has expired. Nothing changed; the office will contact you.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
