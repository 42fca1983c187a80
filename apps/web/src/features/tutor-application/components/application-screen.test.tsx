import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OwnApplication } from '@tibeb/domain/tutoring/contracts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApplicationScreen, type ApplicationFormSlot } from './application-screen.tsx';

const base: OwnApplication = {
  id: 'app-1',
  status: 'submitted',
  decision_reason: '',
  submitted_at: '2026-11-20T08:00:00.000Z',
  decided_at: null,
  editable: true,
  missing: ['photo', 'police_clearance'],
  email: 'abebe@example.com',
  email_verified: true,
  photo_url: '',
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
  documents: [
    {
      id: 'd1',
      kind: 'identity',
      file_name: 'fayda.pdf',
      content_type: 'application/pdf',
      size_bytes: 20_000,
      created_at: '2026-11-20T08:00:00.000Z',
      url: '/api/tutor/application/documents/d1/file/',
    },
  ],
  checks: [],
};

/** The form slot: records whether it was read-only. */
const form: ApplicationFormSlot = ({ readOnly }) => <p>{readOnly ? 'form read-only' : 'form editable'}</p>;

const answer = (app: OwnApplication) =>
  server.use(http.get('/api/tutor/application/', () => HttpResponse.json(app)));

describe('ApplicationScreen', () => {
  it('explains the state, lists what is missing, and lets an open application add and delete documents', async () => {
    answer(base);
    let deleted = '';
    server.use(
      http.delete('/api/tutor/application/documents/:id/', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplicationScreen form={form} />);
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(screen.getByText('Add a photo of yourself')).toBeInTheDocument();
    expect(screen.getByText('Upload your police clearance')).toBeInTheDocument();
    expect(screen.getByText('form editable')).toBeInTheDocument();
    expect(screen.getByLabelText('Add a file: Police clearance')).toHaveAttribute(
      'accept',
      'application/pdf,image/jpeg,image/png,image/webp',
    );
    await user.click(screen.getByRole('button', { name: 'Delete fayda.pdf' }));
    await expect.poll(() => deleted).toBe('d1');
  });

  it('uploads a document of its kind as multipart', async () => {
    answer(base);
    let sent = '';
    server.use(
      http.post('/api/tutor/application/documents/', async ({ request }) => {
        sent = `${request.headers.get('content-type')}\n${await request.text()}`;
        return HttpResponse.json(
          { ...base.documents[0], id: 'd2', kind: 'police_clearance' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApplicationScreen form={form} />);
    const input = await screen.findByLabelText('Add a file: Police clearance');
    await user.upload(input, new File(['%PDF-1.4'], 'police.pdf', { type: 'application/pdf' }));
    await user.click(screen.getAllByRole('button', { name: 'Upload' })[1]!);
    await expect.poll(() => sent).toMatch(/^multipart\/form-data/);
    expect(sent).toMatch(/name="kind"\r\n\r\npolice_clearance/);
    expect(sent).toContain('name="file"');
  });

  it('shows the reason when changes were requested', async () => {
    answer({ ...base, status: 'changes_requested', decision_reason: 'Please upload a clearer Fayda scan.' });
    renderWithProviders(<ApplicationScreen form={form} />);
    expect(await screen.findByText('Changes requested')).toBeInTheDocument();
    expect(screen.getByText('Please upload a clearer Fayda scan.')).toBeInTheDocument();
  });

  it('is read-only once decided: no upload, no delete, the form read-only', async () => {
    answer({ ...base, status: 'rejected', editable: false, decision_reason: 'Not enough experience yet.' });
    renderWithProviders(<ApplicationScreen form={form} />);
    expect(await screen.findByText('Not accepted')).toBeInTheDocument();
    expect(screen.getByText('Not enough experience yet.')).toBeInTheDocument();
    expect(screen.getByText('form read-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('explains when the tutor has no application (404)', async () => {
    server.use(
      http.get('/api/tutor/application/', () =>
        HttpResponse.json({ detail: 'You have no application.' }, { status: 404 }),
      ),
    );
    renderWithProviders(<ApplicationScreen form={form} />);
    expect(await screen.findByText(/your tutor profile was created by our office/)).toBeInTheDocument();
  });
});
