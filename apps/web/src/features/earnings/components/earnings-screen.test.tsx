import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EarningsResponse } from '@tibeb/domain/ledger/earnings';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EarningsScreen } from './earnings-screen.tsx';
import { StatementPage } from './statement-page.tsx';

const answer = (month: string): EarningsResponse => ({
  balances: [
    { currency: 'USD', pending_cents: 2550, available_cents: 10000, in_transit_cents: 0, paid_cents: 4250 },
  ],
  commission_percent: 12.5,
  dispute_window_days: 3,
  month,
  months: ['2026-11', '2026-10'],
  entries:
    month === '2026-11'
      ? [
          {
            id: 'e1',
            transaction_id: 't1',
            occurred_at: '2026-11-03T13:00:00Z',
            kind: 'session_earned',
            description: 'Lesson with Abel, Tue 3 Nov 16:00',
            currency: 'USD',
            amount_cents: 2550,
            available_at: '2026-11-06T13:00:00Z',
            state: 'pending',
            session_id: 's1',
            reservation_id: 'r1',
            payout_id: null,
          },
        ]
      : [
          {
            id: 'e2',
            transaction_id: 't2',
            occurred_at: '2026-10-20T13:00:00Z',
            kind: 'payout',
            description: 'Payout to Commercial Bank of Ethiopia ••••1234',
            currency: 'USD',
            amount_cents: -4250,
            available_at: null,
            state: 'paid_out',
            session_id: null,
            reservation_id: null,
            payout_id: 'p1',
          },
        ],
  month_totals: [{ currency: 'USD', earned_cents: 2550, reversed_cents: 0, paid_out_cents: 0 }],
});

describe('tutor earnings', () => {
  it('shows balances with the dispute window, the commission, a month’s entries and totals, and changes month', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/tutor/earnings/', ({ request }) => {
        const month = new URL(request.url).searchParams.get('month');
        asked.push(month);
        return HttpResponse.json(answer(month ?? '2026-11'));
      }),
    );
    renderWithProviders(<EarningsScreen />);
    const balance = await screen.findByRole('region', { name: 'Balance in USD' });
    expect(balance).toHaveTextContent('Pending$25.50');
    expect(balance).toHaveTextContent('Available after the 3-day dispute window');
    expect(balance).toHaveTextContent('Available$100.00');
    expect(balance).toHaveTextContent('Paid$42.50');
    expect(screen.getByText(/keeps 12.5 % of each lesson/)).toBeInTheDocument();
    const [row] = screen.getAllByTestId('earnings-entry');
    expect(row).toHaveTextContent('Lesson with Abel, Tue 3 Nov 16:00');
    expect(row).toHaveTextContent('$25.50');
    expect(row).toHaveTextContent('Pending until');
    expect(screen.getByLabelText('Totals in USD')).toHaveTextContent('Earned$25.50');
    expect(screen.getByRole('link', { name: 'Printable statement' })).toHaveAttribute(
      'href',
      '/tutor/earnings/statement/2026-11',
    );

    await userEvent.selectOptions(screen.getByLabelText('Month'), '2026-10');
    await waitFor(() => expect(asked).toContain('2026-10'));
    await waitFor(() => expect(screen.getAllByTestId('earnings-entry')[0]).toHaveTextContent('-$42.50'));
    expect(screen.getAllByTestId('earnings-entry')[0]).toHaveTextContent('Paid out');
  });

  it('downloads the month’s statement as CSV through the signed-in client', async () => {
    let csvMonth: string | null = null;
    server.use(
      http.get('/api/tutor/earnings/', () => HttpResponse.json(answer('2026-11'))),
      http.get('/api/tutor/earnings/statement.csv', ({ request }) => {
        csvMonth = new URL(request.url).searchParams.get('month');
        return new HttpResponse('date,what\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    URL.createObjectURL = () => 'blob:statement';
    URL.revokeObjectURL = () => undefined;
    renderWithProviders(<EarningsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(csvMonth).toBe('2026-11'));
  });

  it('prints a month’s statement with the tutor’s name, entries and totals', async () => {
    server.use(
      http.get('/api/tutor/earnings/', ({ request }) =>
        HttpResponse.json(answer(new URL(request.url).searchParams.get('month') ?? '2026-11')),
      ),
      http.get('/api/tutor/profile/', () => HttpResponse.json({ full_name: 'Meron Alemu' })),
    );
    renderWithProviders(<StatementPage month="2026-10" />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Earnings statement, October 2026',
    );
    expect(await screen.findByText('Meron Alemu')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Payout to Commercial Bank of Ethiopia ••••1234')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
