import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OpenRefund } from '@tibeb/domain/admin/refunds';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OpenRefunds } from './open-refunds.tsx';

const refund = (over: Partial<OpenRefund>): OpenRefund => ({
  id: 'r1',
  status: 'pending',
  amount_cents: 2000,
  currency: 'USD',
  reason: 'Session cancelled.',
  created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  created_by: 'meron',
  payment_id: 'p1',
  payment_status: 'paid',
  payment_amount_cents: 8000,
  provider: 'demo',
  reservation_id: 'res1',
  full_name: 'Hana Tesfaye',
  email: 'hana@example.com',
  provider_configured: true,
  ...over,
});

function renderIt() {
  renderWithProviders(<OpenRefunds />);
}

describe('refunds waiting', () => {
  it('shows each open refund with amount, payment, family and since when, and what can be done', async () => {
    let sent = '';
    let rows = [
      refund({}),
      refund({ id: 'r2', status: 'failed', full_name: 'Dawit Alemu', amount_cents: 3500 }),
      refund({ id: 'r3', provider: 'stripe', provider_configured: false, full_name: 'Selam Bekele' }),
    ];
    server.use(
      http.get('/api/admin/payments/refunds/', () =>
        HttpResponse.json({
          count: rows.length,
          page: 1,
          page_size: 10,
          results: rows,
          totals: [{ currency: 'USD', refunds: rows.length, amount_cents: 7500 }],
        }),
      ),
      http.post('/api/admin/payments/refunds/:id/retry/', ({ params }) => {
        sent = String(params.id);
        rows = rows.filter((r) => r.id !== sent);
        return HttpResponse.json({ id: sent, status: 'succeeded', detail: 'sent' });
      }),
    );
    renderIt();
    const table = await screen.findByRole('table', { name: 'Refunds waiting' });
    const [hana, dawit, selam] = within(table).getAllByTestId('open-refund-row');
    expect(hana).toHaveTextContent('Hana Tesfaye');
    expect(hana).toHaveTextContent('$20.00');
    expect(hana).toHaveTextContent('$80.00 · demo');
    expect(hana).toHaveTextContent('waiting 3 h');
    expect(hana).toHaveTextContent('Pending');
    expect(within(hana!).getByRole('link', { name: /Show the payment/ })).toHaveAttribute(
      'href',
      '/admin/payment?q=p1',
    );
    expect(dawit).toHaveTextContent('The provider refused it: refund the payment again.');
    expect(within(dawit!).queryByRole('button')).toBeNull();
    expect(selam).toHaveTextContent('Waits until stripe is set up on this server.');
    expect(screen.getByTestId('open-refund-totals')).toHaveTextContent('3 refunds · $75.00');

    await userEvent.click(within(hana!).getByRole('button', { name: /Send now/ }));
    expect(
      await screen.findByText('The refund of $20.00 to Hana Tesfaye was sent to the payment provider.'),
    ).toBeInTheDocument();
    expect(sent).toBe('r1');
    // The list is read again: the sent refund has left it.
    await waitFor(() => expect(within(table).queryByText('Hana Tesfaye')).toBeNull());
  });

  it('says so when nothing waits, and shows the server’s reason when a retry does not go through', async () => {
    server.use(
      http.get('/api/admin/payments/refunds/', () =>
        HttpResponse.json({ count: 0, page: 1, page_size: 10, results: [], totals: [] }),
      ),
    );
    renderIt();
    expect(
      await screen.findByText('No refunds are waiting: every refund has reached the family.'),
    ).toBeInTheDocument();

    server.use(
      http.get('/api/admin/payments/refunds/', () =>
        HttpResponse.json({ count: 1, page: 1, page_size: 10, results: [refund({})], totals: [] }),
      ),
      http.post('/api/admin/payments/refunds/:id/retry/', () =>
        HttpResponse.json({ detail: 'The payment provider did not confirm the refund.' }, { status: 503 }),
      ),
    );
    await userEvent.selectOptions(screen.getByLabelText('Which refunds'), 'pending');
    await userEvent.click(await screen.findByRole('button', { name: /Send now/ }));
    expect(await screen.findByText('The payment provider did not confirm the refund.')).toBeInTheDocument();
  });
});
