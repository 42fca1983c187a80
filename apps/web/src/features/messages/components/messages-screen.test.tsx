import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@tibeb/domain/messages/contracts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MessagesScreen } from './messages-screen.tsx';

const id = '11111111-2222-4333-8444-555555555555';

function setup() {
  const sent: unknown[] = [];
  const reads: string[] = [];
  const thread: {
    id: string;
    conversation_id: string;
    mine: boolean;
    sender_name: string;
    body: string;
    created_at: string;
    read_at: string | null;
  }[] = [
    {
      id: 'm1',
      conversation_id: id,
      mine: false,
      sender_name: 'Marta Alemayehu',
      body: 'See <b>bold</b> https://evil.example/x',
      created_at: '2026-11-20T10:00:00Z',
      read_at: null,
    },
  ];
  server.use(
    http.get('/api/tutor/messages/', () =>
      HttpResponse.json([
        {
          id,
          with_name: 'Marta Alemayehu',
          last_message: 'See',
          last_message_at: '2026-11-20T10:00:00Z',
          unread: 1,
        },
      ]),
    ),
    http.get('/api/tutor/messages/contacts/', () => HttpResponse.json([])),
    http.get(`/api/tutor/messages/${id}/`, () =>
      HttpResponse.json({ id, with_name: 'Marta Alemayehu', messages: thread }),
    ),
    http.post(`/api/tutor/messages/${id}/read/`, () => {
      reads.push(id);
      thread[0]!.read_at = '2026-11-20T10:05:00Z';
      return HttpResponse.json({ read: 1 });
    }),
    http.get('/api/tutor/messages/unread/', () => HttpResponse.json({ unread: 0 })),
    http.post(`/api/tutor/messages/${id}/`, async ({ request }) => {
      const body = (await request.json()) as { body: string };
      sent.push(body);
      thread.push({
        ...thread[0]!,
        id: `m${thread.length + 1}`,
        mine: true,
        body: body.body.trim(),
        read_at: null,
      });
      return HttpResponse.json({ id: 'm2', created_at: '2026-11-20T10:06:00Z' }, { status: 201 });
    }),
  );
  renderWithProviders(<MessagesScreen area="tutor" />);
  return { sent, reads };
}

describe('MessagesScreen', () => {
  it('opens a conversation, shows links and markup as text, marks it read, and sends', async () => {
    const { sent, reads } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Marta Alemayehu/ }));
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(await within(messages).findByText('See <b>bold</b> https://evil.example/x')).toBeInTheDocument();
    expect(within(messages).queryByRole('link')).toBeNull();
    expect(messages.querySelector('b')).toBeNull();
    await vi.waitFor(() => expect(reads).toEqual([id]));

    await user.type(screen.getByLabelText('Message'), '  Thank you!  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ body: '  Thank you!  ' }]);
    expect(await within(messages).findByText('Thank you!')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('refuses an empty message and stops the text at the one 2000-character limit', async () => {
    const { sent } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Marta Alemayehu/ }));
    await screen.findByRole('list', { name: 'Messages' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write a message.');
    const box = screen.getByLabelText('Message');
    await user.click(box);
    expect(box).toHaveAttribute('maxLength', String(MESSAGE_MAX_LENGTH));
    await user.paste('x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(box).toHaveValue('x'.repeat(MESSAGE_MAX_LENGTH));
    expect(screen.getByText(/2000\/2000/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
