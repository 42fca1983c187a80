import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { reconciliationIssues, type MoneyReport } from '@tibeb/domain/ledger/admin-ledger';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MoneySection } from './money-section.tsx';

const report = (over: Partial<MoneyReport['reconciliation']> = {}): MoneyReport => ({
  from: '2026-03',
  to: '2026-04',
  months: [
    {
      month: '2026-03',
      currency: 'USD',
      revenue_cents: 23000,
      refunds_cents: 2000,
      commission_cents: 600,
      tutors_earned_cents: 3400,
      tutors_paid_cents: 0,
      tutors_payable_cents: 3400,
    },
    {
      month: '2026-03',
      currency: 'ETB',
      revenue_cents: 500000,
      refunds_cents: 0,
      commission_cents: 75000,
      tutors_earned_cents: 425000,
      tutors_paid_cents: 100000,
      tutors_payable_cents: 325000,
    },
  ],
  reconciliation: {
    checked: 20,
    problems: [],
    before_ledger: { payments: 0, refunds: 0, totals: [] },
    ledger_started_at: '2026-03-01T07:00:00.000Z',
    ...over,
  },
});

describe('Money section of the reports', () => {
  it('shows revenue, refunds, commission and tutors’ money per currency and month, and a clean reconciliation', async () => {
    server.use(http.get('/api/admin/reports/money/', () => HttpResponse.json(report())));
    renderWithProviders(<MoneySection />);
    const table = await screen.findByRole('table', { name: 'Money per currency and month' });
    const [usd, etb] = within(table).getAllByTestId('money-row');
    expect(usd).toHaveTextContent('2026-03');
    expect(usd).toHaveTextContent('$230.00');
    expect(usd).toHaveTextContent('$20.00');
    expect(usd).toHaveTextContent('$6.00');
    expect(usd).toHaveTextContent('$34.00');
    expect(etb).toHaveTextContent('ETB 3,250.00');
    expect(screen.getByText('20 items checked: everything matches the ledger.')).toBeInTheDocument();
    expect(screen.queryByTestId('before-ledger')).not.toBeInTheDocument();
  });

  it('lists what does not match in plain words, with the ledger’s amount, and what predates the ledger', async () => {
    server.use(
      http.get('/api/admin/reports/money/', () =>
        HttpResponse.json(
          report({
            problems: [
              {
                kind: 'payment',
                id: 'aaaaaaaa-0000-4000-8000-000000000001',
                reservation_id: 'res-1',
                amount_cents: 8000,
                currency: 'USD',
                ledger_amount_cents: 7000,
                issue: reconciliationIssues.paymentAmount,
              },
              {
                kind: 'payout',
                id: 'bbbbbbbb-0000-4000-8000-000000000002',
                reservation_id: null,
                amount_cents: 100000,
                currency: 'ETB',
                ledger_amount_cents: null,
                issue: reconciliationIssues.payoutPaidMissing,
              },
            ],
            before_ledger: {
              payments: 3,
              refunds: 1,
              totals: [{ currency: 'USD', paid_cents: 15000, refunded_cents: 1000 }],
            },
          }),
        ),
      ),
    );
    renderWithProviders(<MoneySection />);
    expect(await screen.findByTestId('reconciliation-summary')).toHaveTextContent(
      '20 items checked: 2 do not match the ledger.',
    );
    const [payment, payout] = screen.getAllByTestId('reconciliation-problem');
    expect(payment).toHaveTextContent('Payment aaaaaaaa · $80.00');
    expect(payment).toHaveTextContent(reconciliationIssues.paymentAmount);
    expect(payment).toHaveTextContent('The ledger shows $70.00.');
    expect(within(payment!).getByRole('link', { name: /Open the reservation/ })).toHaveAttribute(
      'href',
      '/admin/reservation/details/res-1',
    );
    expect(payout).toHaveTextContent('The payout is paid, but the ledger does not record it as paid.');
    expect(payout).not.toHaveTextContent('The ledger shows');
    expect(screen.getByTestId('before-ledger')).toHaveTextContent(
      /Made before the ledger started .*, not checked: 3 payments · 1 refund · \$150\.00 paid · \$10\.00 refunded/,
    );
  });

  it('asks for the chosen months and shows the server’s reason for bad ones', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/reports/money/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
        if (url.searchParams.get('to') === '2026-01')
          return HttpResponse.json(
            {
              detail: 'to: The last month must be on or after the first.',
              errors: { to: ['The last month must be on or after the first.'] },
            },
            { status: 400 },
          );
        return HttpResponse.json(report());
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MoneySection />);
    await screen.findByRole('table', { name: 'Money per currency and month' });
    await user.type(screen.getByLabelText('From month'), '2026-03');
    await user.type(screen.getByLabelText('To month'), '2026-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The last month must be on or after the first.')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('2026-03..2026-01'));
    expect(asked[0]).toBe('null..null');
  });
});
