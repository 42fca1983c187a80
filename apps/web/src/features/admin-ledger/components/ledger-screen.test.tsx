import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminLedgerTransaction } from '@tibeb/domain/ledger/admin-ledger';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LedgerScreen } from './ledger-screen.tsx';

const earning: AdminLedgerTransaction = {
  id: 'tx-1',
  kind: 'session_earned',
  occurred_at: '2026-03-10T15:00:00.000Z',
  memo: 'Lesson held',
  tutor: { id: 7, name: 'Abebe Kebede' },
  reservation_id: 'res-12345678',
  session_id: 'ses-12345678',
  payment_id: null,
  refund_id: null,
  payout_id: null,
  entries: [
    { account: 'family_prepaid', tutor_id: null, currency: 'USD', amount_cents: 4000, available_at: null },
    {
      account: 'platform_commission',
      tutor_id: null,
      currency: 'USD',
      amount_cents: -600,
      available_at: null,
    },
    {
      account: 'tutor_payable',
      tutor_id: 7,
      currency: 'USD',
      amount_cents: -3400,
      available_at: '2026-03-13T15:00:00.000Z',
    },
  ],
};

describe('Admin ledger screen', () => {
  it('shows transactions with their entries and filters by tutor and kind', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/tutors/', () =>
        HttpResponse.json([{ id: 7, full_name: 'Abebe Kebede' }].map((t) => ({ ...t }))),
      ),
      http.get('/api/admin/ledger/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('tutor')}|${url.searchParams.get('kind')}`);
        return HttpResponse.json({ count: 1, page: 1, page_size: 50, results: [earning] });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<LedgerScreen />);
    const table = await screen.findByRole('table', { name: 'Ledger transactions' });
    const [row] = within(table).getAllByTestId('ledger-row');
    expect(row).toHaveTextContent('Lesson earned');
    expect(row).toHaveTextContent('Lesson held');
    expect(row).toHaveTextContent('Abebe Kebede');
    const entries = within(row!).getAllByTestId('ledger-entry');
    expect(entries[0]).toHaveTextContent('Prepaid by families');
    expect(entries[0]).toHaveTextContent('Debit $40.00');
    expect(entries[2]).toHaveTextContent('Owed to tutor');
    expect(entries[2]).toHaveTextContent('Credit $34.00');
    expect(entries[2]).toHaveTextContent('Available from');
    expect(within(row!).getByRole('link', { name: 'Reservation res-1234' })).toHaveAttribute(
      'href',
      '/admin/reservation/details/res-12345678',
    );
    expect(screen.getByText('1 transaction')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('option', { name: 'Abebe Kebede' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Tutor'), '7');
    await user.selectOptions(screen.getByLabelText('Kind'), 'payout_paid');
    await waitFor(() => expect(asked).toContain('7|payout_paid'));
  });

  it('says when nothing matches', async () => {
    server.use(
      http.get('/api/admin/tutors/', () => HttpResponse.json([])),
      http.get('/api/admin/ledger/', () =>
        HttpResponse.json({ count: 0, page: 1, page_size: 50, results: [] }),
      ),
    );
    renderWithProviders(<LedgerScreen />);
    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
  });
});
