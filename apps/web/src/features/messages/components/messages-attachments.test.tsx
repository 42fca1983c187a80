import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Message } from '@tibeb/domain/messages/contracts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MessagesScreen } from './messages-screen.tsx';

const id = '11111111-2222-4333-8444-555555555555';
const fileId = '33333333-2222-4333-8444-555555555555';
const fileUrl = `/api/messages/${id}/files/${fileId}/`;

function setup(uploadAnswer: () => Response) {
  const sent: unknown[] = [];
  const thread: Message[] = [
    {
      id: 'm1',
      conversation_id: id,
      mine: false,
      sender_name: 'Marta Alemayehu',
      body: '',
      attachment: {
        id: fileId,
        name: 'Report card.pdf',
        content_type: 'application/pdf',
        size_bytes: 2 * 1024 * 1024,
        url: fileUrl,
      },
      created_at: '2026-11-20T10:00:00Z',
      read_at: '2026-11-20T10:01:00Z',
    },
  ];
  server.use(
    http.get('/api/student/messages/', () =>
      HttpResponse.json([
        {
          id,
          with_name: 'Marta Alemayehu',
          last_message: 'Report card.pdf',
          last_message_at: null,
          unread: 0,
        },
      ]),
    ),
    http.get('/api/student/messages/contacts/', () => HttpResponse.json([])),
    http.get(`/api/student/messages/${id}/`, () =>
      HttpResponse.json({ id, with_name: 'Marta Alemayehu', messages: thread }),
    ),
    http.post('/api/student/files/', uploadAnswer),
    http.post(`/api/student/messages/${id}/`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ id: 'm2', created_at: '2026-11-20T10:06:00Z' }, { status: 201 });
    }),
  );
  renderWithProviders(<MessagesScreen area="student" />);
  return { sent };
}

describe('files in messages', () => {
  it('shows a received PDF with its name and size, and sends a file without text', async () => {
    const { sent } = setup(() =>
      HttpResponse.json(
        { id: fileId, name: 'homework.jpg', content_type: 'image/jpeg', size_bytes: 80_000, url: '' },
        { status: 201 },
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Marta Alemayehu/ }));
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(
      await within(messages).findByRole('button', { name: 'Download Report card.pdf (2.0 MB)' }),
    ).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText(/Attach a file/),
      new File(['\xff\xd8\xff'], 'homework.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Attached: homework.jpg (78 KB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expect.poll(() => sent).toEqual([{ body: '', attachment_id: fileId }]);
    expect(await screen.findByLabelText(/Attach a file/)).toBeInTheDocument();
  });

  it('says what is wrong with a file the server refuses, and with a wrong type or size before uploading', async () => {
    setup(() =>
      HttpResponse.json(
        { detail: 'Attach a JPEG, PNG or WebP image, or a PDF.', code: 'attachment_type' },
        { status: 400 },
      ),
    );
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: /Marta Alemayehu/ }));
    await screen.findByRole('list', { name: 'Messages' });
    await user.upload(
      screen.getByLabelText(/Attach a file/),
      new File(['<html>'], 'page.html', { type: 'text/html' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Attach a JPEG, PNG or WebP image, or a PDF.');
    await user.upload(
      screen.getByLabelText(/Attach a file/),
      new File([new Uint8Array(6 * 1024 * 1024)], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 5 MB.');
    // Named like a PDF, refused by the server for its content.
    await user.upload(
      screen.getByLabelText(/Attach a file/),
      new File(['MZ'], 'fake.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Attach a JPEG, PNG or WebP image, or a PDF.');
  });
});
