import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MessagesScreen } from './messages-screen.tsx';

const id = '11111111-2222-4333-8444-555555555555';
const theirs = '22222222-2222-4333-8444-555555555555';
const mine = '33333333-2222-4333-8444-555555555555';

function setup() {
  const reports: unknown[] = [];
  server.use(
    http.get('/api/student/messages/', () =>
      HttpResponse.json([
        { id, with_name: 'Abebe Bekele', last_message: 'Hi', last_message_at: null, unread: 0 },
      ]),
    ),
    http.get('/api/student/messages/contacts/', () => HttpResponse.json([])),
    http.get('/api/student/messages/unread/', () => HttpResponse.json({ unread: 0 })),
    http.get(`/api/student/messages/${id}/`, () =>
      HttpResponse.json({
        id,
        with_name: 'Abebe Bekele',
        messages: [
          {
            id: theirs,
            conversation_id: id,
            mine: false,
            sender_name: 'Abebe Bekele',
            body: 'Pay me in cash instead',
            created_at: '2026-11-20T10:00:00Z',
            read_at: '2026-11-20T10:01:00Z',
          },
          {
            id: mine,
            conversation_id: id,
            mine: true,
            sender_name: 'Almaz Kebede',
            body: 'No, thank you',
            created_at: '2026-11-20T10:02:00Z',
            read_at: null,
          },
        ],
      }),
    ),
    http.post(`/api/student/messages/${id}/report/`, async ({ request }) => {
      const body = (await request.json()) as { message_id?: string; reason: string };
      reports.push(body);
      return HttpResponse.json(
        {
          id: '44444444-2222-4333-8444-555555555555',
          conversation_id: id,
          message_id: body.message_id ?? null,
          reason: body.reason.trim(),
          created_at: '2026-11-20T10:05:00Z',
          status: 'open',
        },
        { status: 201 },
      );
    }),
  );
  renderWithProviders(<MessagesScreen area="student" />);
  return { reports };
}

describe('reporting a message or a conversation', () => {
  it('offers Report only on the other side’s messages, asks a reason, then thanks', async () => {
    const { reports } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Abebe Bekele/ }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    // One Report action: the tutor's message, not the family's own.
    const actions = within(list).getAllByRole('button', { name: /^Report the message of/ });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toHaveAccessibleName(/Abebe Bekele/);
    await user.click(actions[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    expect(within(dialog).getByText('Pay me in cash instead')).toBeInTheDocument();
    // The reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please say what is wrong.');
    expect(reports).toEqual([]);
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAttribute('maxLength', '1000');
    await user.type(reason, 'Asks for cash');
    expect(within(dialog).getByText('13/1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Thank you. The office will look at this conversation.',
    );
    expect(reports).toEqual([{ reason: 'Asks for cash', message_id: theirs }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports the whole conversation without a message, and Escape closes the dialog', async () => {
    const { reports } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Abebe Bekele/ }));
    await user.click(await screen.findByRole('button', { name: 'Report conversation' }));
    let dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    // Escape fires the native dialog's cancel event (jsdom does not map the key to it).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report conversation' }));
    dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Unkind tone');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(reports).toEqual([{ reason: 'Unkind tone' }]);
  });
});
