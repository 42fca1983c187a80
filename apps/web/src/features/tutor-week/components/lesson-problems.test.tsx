import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IncidentView } from '@tibeb/domain/bookings/incidents';
import { server } from '../../../test/msw-server.ts';
import { TutorLessonProblems } from './lesson-problems.tsx';

const lesson = {
  id: '7a0c5b4e-0000-4000-8000-0000000000a1',
  reservation_id: 'r1',
  starts_at: '2026-12-01T14:00:00.000Z',
  ends_at: '2026-12-01T15:00:00.000Z',
  status: 'scheduled',
  tutor_id: 7,
  tutor_name: 'Abebe Bekele',
  student_name: 'Nahom',
  subject: 'Mathematics',
  duration_minutes: 60,
  time_zone: 'Africa/Addis_Ababa',
};

const incident: IncidentView = {
  id: 'i1',
  session_id: lesson.id,
  reservation_id: 'r1',
  kind: 'interruption',
  cause: 'power',
  note: '',
  status: 'open',
  reported_by_role: 'family',
  deadline_at: '2099-12-15T15:00:00.000Z',
  dispute_note: '',
  disputed_at: null,
  resolved_at: null,
  resolution: '',
  created_at: '2026-12-01T14:30:00.000Z',
  session_starts_at: lesson.starts_at,
  session_ends_at: lesson.ends_at,
  duration_minutes: 60,
  tutor_id: 7,
  tutor_name: 'Abebe Bekele',
  student_name: 'Nahom',
  subject: 'Mathematics',
  time_zone: 'Africa/Addis_Ababa',
  makeup_session_id: null,
  makeup_starts_at: null,
};

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TutorLessonProblems />
    </QueryClientProvider>,
  );

describe("the tutor's lesson problems (decision 271)", () => {
  it('reports an interruption with its cause', async () => {
    let sent: unknown = null;
    server.use(
      http.get('/api/bookings/incidents/mine/', () =>
        HttpResponse.json({ reportable: [lesson], incidents: [] }),
      ),
      http.post('/api/bookings/sessions/:id/interruption/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(incident);
      }),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Report an interruption' }));
    const dialog = screen.getByRole('dialog', { name: 'Report an interruption' });
    expect(within(dialog).queryByLabelText('The tutor did not come')).toBeNull();
    await userEvent.click(within(dialog).getByLabelText('Connection problem'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(
      await within(dialog).findByText('Reported. The family has been told and can book the make-up.'),
    ).toBeVisible();
    expect(sent).toEqual({ cause: 'connection', note: '' });
  });

  it('disputes a reported absence with a note', async () => {
    const absence: IncidentView = { ...incident, kind: 'tutor_absent', cause: '', note: 'We waited.' };
    let sent: unknown = null;
    server.use(
      http.get('/api/bookings/incidents/mine/', () =>
        HttpResponse.json({ reportable: [], incidents: [absence] }),
      ),
      http.post('/api/bookings/sessions/:id/absence-dispute/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...absence, status: 'disputed' });
      }),
    );
    renderPanel();
    const card = await screen.findByTestId('incident');
    expect(card).toHaveTextContent('The family says you did not come');
    expect(card).toHaveTextContent('We waited.');
    await userEvent.click(within(card).getByRole('button', { name: 'Dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Dispute the report' });
    await userEvent.type(within(dialog).getByLabelText('What happened at the lesson?'), 'I was in the room.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the dispute' }));
    expect(
      await within(dialog).findByText('Sent. Our team will decide and write to you and the family.'),
    ).toBeVisible();
    expect(sent).toEqual({ note: 'I was in the room.' });
  });
});
