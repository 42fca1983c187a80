import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayouts, Payout } from '@tibeb/domain/ledger/payouts';
import { polyfillModalDialogs } from '../../../test/dialog.ts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PayoutsScreen } from './payouts-screen.tsx';

beforeAll(polyfillModalDialogs);

const payout = (over: Partial<Payout>): Payout => ({
  id: 'p1',
  run_id: 'run1',
  tutor: { id: 1, name: 'Meron Alemu' },
  currency: 'ETB',
  amount_cents: 80_000,
  payout_currency: 'ETB',
  payout_amount_cents: 80_000,
  fx_rate: null,
  status: 'pending',
  rail: 'manual',
  method: {
    kind: 'bank',
    bank_name: 'Awash Bank',
    account_name: 'Meron Alemu',
    account_number_masked: '••••1234',
  },
  failure_reason: '',
  attempts: 0,
  created_at: '2026-11-20T10:00:00Z',
  paid_at: null,
  ...over,
});

const base = (over: Partial<AdminPayouts> = {}): AdminPayouts => ({
  rail: 'manual',
  minimum_etb_cents: 50_000,
  eligible: [
    { tutor: { id: 1, name: 'Meron Alemu' }, currency: 'ETB', available_cents: 80_000, has_method: true },
    { tutor: { id: 2, name: 'Abel Tesfaye' }, currency: 'USD', available_cents: 10_000, has_method: true },
    { tutor: { id: 3, name: 'Selam Bekele' }, currency: 'ETB', available_cents: 90_000, has_method: false },
    { tutor: { id: 4, name: 'Dawit Haile' }, currency: 'ETB', available_cents: 10_000, has_method: true },
  ],
  eligible_page: 1,
  eligible_count: 4,
  eligible_totals: [
    { currency: 'ETB', count: 3, available_cents: 180_000, with_method_count: 2, with_method_cents: 90_000 },
    { currency: 'USD', count: 1, available_cents: 10_000, with_method_count: 1, with_method_cents: 10_000 },
  ],
  runs: [
    {
      id: 'run1',
      rail: 'manual',
      etb_per_usd: null,
      minimum_etb_cents: 50_000,
      created_at: '2026-11-20T10:00:00Z',
      created_by: 'admin',
      count: 1,
      total_etb_cents: 80_000,
    },
  ],
  count: 2,
  results: [payout({}), payout({ id: 'p2', status: 'failed', failure_reason: 'Account closed.' })],
  ...over,
});

describe('admin payouts', () => {
  it('says the rail in plain words and confirms a run with the server’s preview at the rate', async () => {
    let body: unknown = null;
    const rates: (string | null)[] = [];
    server.use(
      http.get('/api/admin/payouts/', () => HttpResponse.json(base())),
      http.get('/api/admin/payouts/preview/', ({ request }) => {
        rates.push(new URL(request.url).searchParams.get('etb_per_usd'));
        return HttpResponse.json({
          needs_rate: false,
          count: 52,
          total_etb_cents: 1_370_000,
          payouts: [
            {
              tutor: { id: 1, name: 'Meron Alemu' },
              currency: 'ETB',
              available_cents: 80_000,
              etb_cents: 80_000,
            },
            {
              tutor: { id: 2, name: 'Abel Tesfaye' },
              currency: 'USD',
              available_cents: 10_000,
              etb_cents: 570_000,
            },
          ],
        });
      }),
      http.post('/api/admin/payouts/', async ({ request }) => {
        body = await request.json();
        const run = { ...base().runs[0]!, id: 'run2', count: 52, total_etb_cents: 1_370_000 };
        return HttpResponse.json({ run, payouts: [] }, { status: 201 });
      }),
    );
    renderWithProviders(<PayoutsScreen />);
    expect(await screen.findByTestId('payout-rail')).toHaveTextContent(
      'New runs are paid by hand with a bank file.',
    );
    expect(
      screen.getByText('Needed: some balances are in dollars. They are paid in birr at this rate.'),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Birr per dollar'), '57');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'November');
    await userEvent.click(screen.getByRole('button', { name: 'Review the payout run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay these tutors?' });
    const preview = await within(dialog).findByTestId('payout-preview');
    expect(rates).toEqual(['57']);
    // The server's preview covers every balance; the dialog names the first ones and says how many more.
    expect(preview).toHaveTextContent('Meron Alemu: ETB 800.00');
    expect(preview).toHaveTextContent('Abel Tesfaye: $100.00 → ETB 5,700.00');
    expect(preview).toHaveTextContent('… and 50 more');
    expect(dialog).toHaveTextContent('52 payouts, ETB 13,700.00 in total, through a manual bank file.');
    expect(body).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the payout run' }));
    await waitFor(() => expect(body).toEqual({ etb_per_usd: 57, note: 'November' }));
    expect(await screen.findByText(/Payout run created: 52 payouts/)).toBeInTheDocument();
  });

  it('without the rate a dollar balance needs, the dialog asks for it and offers no run; cancel creates nothing', async () => {
    let posted = false;
    server.use(
      http.get('/api/admin/payouts/', () => HttpResponse.json(base())),
      http.get('/api/admin/payouts/preview/', () =>
        HttpResponse.json({ needs_rate: true, count: 1, total_etb_cents: 80_000, payouts: [] }),
      ),
      http.post('/api/admin/payouts/', () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderWithProviders(<PayoutsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Review the payout run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay these tutors?' });
    expect(
      await within(dialog).findByText('Enter the birr per dollar first: some balances are in dollars.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Create the payout run' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toBe(false);
  });

  it('pages the available balances on the server and shows every currency’s totals', async () => {
    const pages: (string | null)[] = [];
    server.use(
      http.get('/api/admin/payouts/', ({ request }) => {
        const page = new URL(request.url).searchParams.get('eligible_page');
        pages.push(page);
        return HttpResponse.json(base({ eligible_count: 120, eligible_page: Number(page ?? 1) }));
      }),
    );
    renderWithProviders(<PayoutsScreen />);
    const section = await screen.findByTestId('payout-eligible');
    expect(within(section).getByTestId('payout-eligible-totals')).toHaveTextContent(
      'In ETB: 3 balances, ETB 1,800.00; with a payout method: 2, ETB 900.00.',
    );
    expect(within(section).getByTestId('payout-eligible-totals')).toHaveTextContent(
      'In USD: 1 balances, $100.00; with a payout method: 1, $100.00.',
    );
    expect(within(section).getAllByTestId('payout-eligible-row')).toHaveLength(4);
    expect(section).toHaveTextContent('Page 1 of 3 · 120 balances');
    await userEvent.click(within(section).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages).toContain('2'));
    expect(await within(section).findByText(/Page 2 of 3/)).toBeInTheDocument();
  });

  it('retries a failed payout, marks a manual one paid, and filters by status', async () => {
    const calls: string[] = [];
    const statuses: (string | null)[] = [];
    server.use(
      http.get('/api/admin/payouts/', ({ request }) => {
        statuses.push(new URL(request.url).searchParams.get('status'));
        return HttpResponse.json(base());
      }),
      http.post('/api/admin/payouts/:id/retry/', ({ params }) => {
        calls.push(`retry ${String(params.id)}`);
        return HttpResponse.json(payout({ id: String(params.id), status: 'processing' }));
      }),
      http.post('/api/admin/payouts/:id/mark-paid/', ({ params }) => {
        calls.push(`paid ${String(params.id)}`);
        return HttpResponse.json(payout({ id: String(params.id), status: 'paid' }));
      }),
    );
    renderWithProviders(<PayoutsScreen />);
    const [pending, failed] = await screen.findAllByTestId('payout-row');
    expect(failed).toHaveTextContent('Account closed.');
    expect(within(pending!).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await userEvent.click(within(failed!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toContain('retry p2'));
    await userEvent.click(within(pending!).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this payout paid?' });
    expect(dialog).toHaveTextContent('Meron Alemu: ETB 800.00 to Awash Bank ••••1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(calls).toContain('paid p1'));
    expect(screen.getByRole('button', { name: 'Download bank file' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(statuses).toContain('failed'));
  });
});
