import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@tibeb/domain/admin/outbox';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OutboxScreen } from './outbox-screen.tsx';

const mail = (over: Partial<OutboxMessage>): OutboxMessage => ({
  id: 'm1',
  recipient: 'hana@example.com',
  subject: 'Set your Tibeb Tutoring password',
  state: 'given_up',
  attempts: 8,
  last_error: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
  queued_at: '2026-01-05T07:00:00Z',
  next_try_at: null,
  sent_at: null,
  ...over,
});

describe('mail outbox screen', () => {
  it('lists e-mails with their state, filters by state, and resends a given-up one after confirming', async () => {
    const asked: string[] = [];
    let resent = '';
    let rows = [
      mail({}),
      mail({
        id: 'm2',
        recipient: 'dawit@example.com',
        subject: 'Payment receipt',
        state: 'sent',
        attempts: 1,
        last_error: '',
        sent_at: '2026-01-05T07:01:00Z',
      }),
    ];
    server.use(
      http.get('/api/admin/outbox/', ({ request }) => {
        const state = new URL(request.url).searchParams.get('state') ?? '';
        asked.push(state);
        const results = state ? rows.filter((r) => r.state === state) : rows;
        return HttpResponse.json({ count: results.length, page: 1, page_size: 25, results });
      }),
      http.post('/api/admin/outbox/:id/resend/', ({ params }) => {
        resent = String(params.id);
        rows = rows.map((r) =>
          r.id === resent ? { ...r, state: 'pending', attempts: 0, next_try_at: '2026-01-08T07:00:00Z' } : r,
        );
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<OutboxScreen />);
    const table = await screen.findByRole('table', { name: 'Mail outbox' });
    const [givenUp, sent] = within(table).getAllByTestId('outbox-row');
    expect(givenUp).toHaveTextContent('Set your Tibeb Tutoring password');
    expect(givenUp).toHaveTextContent('hana@example.com');
    expect(givenUp).toHaveTextContent('Given up');
    expect(givenUp).toHaveTextContent('ESOCKET: connect ECONNREFUSED 127.0.0.1:25');
    expect(givenUp).toHaveTextContent('Not tried again until resent');
    expect(sent).toHaveTextContent('Sent');
    expect(within(sent!).queryByRole('button')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Which e-mails'), 'given_up');
    await waitFor(() => expect(asked).toContain('given_up'));
    await waitFor(() => expect(within(table).getAllByTestId('outbox-row')).toHaveLength(1));

    await userEvent.click(within(table).getByRole('button', { name: /Resend/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this e-mail again?' });
    expect(dialog).toHaveTextContent(
      '“Set your Tibeb Tutoring password” to hana@example.com will be sent again now',
    );
    // Cancel first: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resent).toBe('');
    await userEvent.click(within(table).getByRole('button', { name: /Resend/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send this e-mail again?' })).getByRole('button', {
        name: 'Resend',
      }),
    );
    expect(
      await screen.findByText('The e-mail to hana@example.com will be sent again within a few seconds.'),
    ).toBeInTheDocument();
    expect(resent).toBe('m1');
    // Read again: no longer given up.
    await waitFor(() => expect(asked.filter((s) => s === 'given_up').length).toBeGreaterThan(1));
    expect(await screen.findByText('No e-mails here.')).toBeInTheDocument();
  });

  it('says why a resend was refused', async () => {
    server.use(
      http.get('/api/admin/outbox/', () =>
        HttpResponse.json({
          count: 1,
          page: 1,
          page_size: 25,
          results: [mail({ state: 'failing', attempts: 3 })],
        }),
      ),
      http.post('/api/admin/outbox/:id/resend/', () =>
        HttpResponse.json(
          {
            detail: 'This e-mail was already sent; there is nothing to resend.',
            code: 'outbox_mail_already_sent',
          },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<OutboxScreen />);
    await userEvent.click(await screen.findByRole('button', { name: /Resend/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('This e-mail was already sent; there is nothing to resend.'),
    ).toBeInTheDocument();
  });
});
