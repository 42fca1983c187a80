import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminApplication } from '@tibeb/domain/tutoring/contracts';
import { polyfillModalDialogs } from '../../../test/dialog.ts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApplicationDetail } from './application-detail.tsx';

const app: AdminApplication = {
  id: 'app-1',
  status: 'submitted',
  decision_reason: '',
  submitted_at: '2026-11-20T08:00:00.000Z',
  decided_at: null,
  decided_by: null,
  tutor_id: 7,
  user_id: 'u1',
  email: 'abebe@example.com',
  email_verified: true,
  photo_url: '',
  missing: [],
  fields: {
    first_name: 'Abebe',
    last_name: 'Kebede',
    phone: '+251911234567',
    city: 'Addis Ababa',
    subject_ids: [1],
    grade_from: 9,
    grade_to: 12,
    languages: ['Amharic'],
    education: 'BSc',
    years_of_experience: 6,
    hourly_rate: 15,
    hourly_rate_etb: null,
    availability: { mon: [{ start: '09:00', end: '12:00' }] },
    bio: 'x'.repeat(60),
    teaching_style: '',
  },
  subjects: [{ id: 1, name: 'Physics', birr: false }],
  documents: [
    {
      id: 'd1',
      kind: 'identity',
      file_name: 'fayda.pdf',
      content_type: 'application/pdf',
      size_bytes: 20_000,
      created_at: '2026-11-20T08:00:00.000Z',
      url: '/api/admin/tutor-applications/app-1/documents/d1/file/',
    },
  ],
  checks: [],
  history: [
    {
      action: 'tutor_application.request_changes',
      at: '2026-11-21T08:00:00.000Z',
      by: 'Admin',
      reason: 'Clearer scan please',
    },
  ],
};

describe('ApplicationDetail', () => {
  beforeAll(polyfillModalDialogs);

  it('shows the answers, documents and history', async () => {
    server.use(http.get('/api/admin/tutor-applications/app-1/', () => HttpResponse.json(app)));
    renderWithProviders(<ApplicationDetail id="app-1" />);
    expect(await screen.findByText('Abebe Kebede')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download fayda.pdf' })).toBeInTheDocument();
    expect(screen.getByText(/Changes requested · Admin · Clearer scan please/)).toBeInTheDocument();
  });

  it('asks for a reason before requesting changes, without opening the dialog', async () => {
    server.use(http.get('/api/admin/tutor-applications/app-1/', () => HttpResponse.json(app)));
    const user = userEvent.setup();
    renderWithProviders(<ApplicationDetail id="app-1" />);
    await user.click(await screen.findByRole('radio', { name: 'Request changes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Give the applicant a reason (at least 5 characters).')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('approves with the checks and notes after the confirmation dialog', async () => {
    let body: unknown;
    server.use(
      http.get('/api/admin/tutor-applications/app-1/', () => HttpResponse.json(app)),
      http.post('/api/admin/tutor-applications/app-1/decision/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...app, status: 'approved', decided_at: '2026-11-22T08:00:00.000Z' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplicationDetail id="app-1" />);
    await user.click(await screen.findByRole('checkbox', { name: 'ID checked' }));
    await user.type(screen.getByLabelText('Note on “ID checked” (optional)'), 'Fayda matches');
    await user.click(screen.getByRole('checkbox', { name: 'Interviewed' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('The tutor profile becomes public at once.');
    await user.click(screen.getByRole('button', { name: 'Confirm: Approve' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(body).toEqual({
      decision: 'approve',
      reason: '',
      checks: [
        { kind: 'identity', note: 'Fayda matches' },
        { kind: 'interview', note: '' },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
