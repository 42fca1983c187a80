import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReportedDetail } from './reported-detail.tsx';
import { ReportedList } from './reported-list.tsx';

const id = '11111111-2222-4333-8444-555555555555';
const messageId = '22222222-2222-4333-8444-555555555555';

const summary = {
  id,
  tutor_name: 'Abebe Bekele',
  family_name: 'Almaz Kebede',
  open_reports: 1,
  last_report_at: '2026-11-20T10:05:00Z',
  status: 'open' as const,
};

function detail(reads: number, resolved: boolean) {
  return {
    ...summary,
    open_reports: resolved ? 0 : 1,
    status: resolved ? 'resolved' : 'open',
    reports: [
      {
        id: '33333333-2222-4333-8444-555555555555',
        reporter_name: 'Almaz Kebede',
        message_id: messageId,
        reason: 'Asks for cash',
        created_at: '2026-11-20T10:05:00Z',
        status: resolved ? 'resolved' : 'open',
        resolved_at: resolved ? '2026-11-20T11:00:00Z' : null,
        resolved_by_name: resolved ? 'Hana Office' : null,
        resolution: resolved ? 'Spoke with the tutor.' : '',
      },
    ],
    messages: [
      {
        id: messageId,
        conversation_id: id,
        sender_user_id: 'u1',
        sender_name: 'Abebe Bekele',
        body: 'Pay me in cash instead',
        created_at: '2026-11-20T10:00:00Z',
      },
      {
        id: 'm-2',
        conversation_id: id,
        sender_user_id: 'u1',
        sender_name: 'Abebe Bekele',
        body: '',
        attachment: {
          id: 'f-1',
          name: 'bank details.jpg',
          content_type: 'image/jpeg',
          size_bytes: 2048,
          url: `/api/messages/${id}/files/f-1/`,
        },
        created_at: '2026-11-20T10:05:00Z',
      },
    ],
    read_trail: Array.from({ length: reads }, (_, i) => ({
      admin_name: 'Hana Office',
      read_at: `2026-11-20T1${reads - i}:00:00Z`,
    })),
  };
}

describe('admin reported conversations', () => {
  it('lists the reported conversations with their status and a link to each', async () => {
    server.use(
      http.get('/api/admin/reported-conversations/', () =>
        HttpResponse.json({ count: 1, page: 1, page_size: 25, results: [summary] }),
      ),
    );
    renderWithProviders(<ReportedList />);
    const link = await screen.findByRole('link', { name: 'Abebe Bekele and Almaz Kebede' });
    expect(link).toHaveAttribute('href', `/admin/reported-conversations/${id}`);
    const row = screen.getByTestId('reported-row');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(screen.queryByText('Pay me in cash instead')).toBeNull();
  });

  it('shows reports, messages and the read trail, and resolves with a required decision', async () => {
    let reads = 0;
    let resolved = false;
    const bodies: unknown[] = [];
    server.use(
      http.get(`/api/admin/reported-conversations/${id}/`, () => {
        reads += 1;
        return HttpResponse.json(detail(reads, resolved));
      }),
      http.post(`/api/admin/reported-conversations/${id}/resolve/`, async ({ request }) => {
        bodies.push(await request.json());
        resolved = true;
        return HttpResponse.json({ resolved: 1 });
      }),
    );
    renderWithProviders(<ReportedDetail id={id} />);
    expect(await screen.findByText('Asks for cash')).toBeInTheDocument();
    expect(screen.getByText('Pay me in cash instead')).toBeInTheDocument();
    // A file is offered, never read by itself: each read of it is audited.
    expect(screen.getByRole('button', { name: /^Download bank details\.jpg/ })).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    const trail = screen.getByRole('list', { name: 'Read by' });
    expect(within(trail).getAllByRole('listitem')).toHaveLength(1);
    expect(within(trail).getByText('Hana Office')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resolve the open reports' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write what the office decided.');
    expect(bodies).toEqual([]);
    await user.type(screen.getByLabelText('What the office decided'), 'Spoke with the tutor.');
    await user.click(screen.getByRole('button', { name: 'Resolve the open reports' }));
    expect(await screen.findByText('Resolved by Hana Office: Spoke with the tutor.')).toBeInTheDocument();
    expect(bodies).toEqual([{ resolution: 'Spoke with the tutor.' }]);
    expect(screen.queryByRole('button', { name: 'Resolve the open reports' })).toBeNull();
  });

  it('says so when the conversation has no report', async () => {
    server.use(
      http.get(`/api/admin/reported-conversations/${id}/`, () =>
        HttpResponse.json(
          { detail: 'No report of this conversation.', code: 'message_report_not_found' },
          { status: 404 },
        ),
      ),
    );
    renderWithProviders(<ReportedDetail id={id} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No report of this conversation.');
  });
});
