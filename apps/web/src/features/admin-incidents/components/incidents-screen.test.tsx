import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IncidentView } from '@tibeb/domain/bookings/incidents';
import { server } from '../../../test/msw-server.ts';
import { IncidentsScreen } from './incidents-screen.tsx';

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

describe("the admin's interruptions and no-shows (decision 271)", () => {
  it('shows the counts per tutor and upholds a disputed absence', async () => {
    const disputed: IncidentView = {
      ...incident,
      kind: 'tutor_absent',
      cause: '',
      status: 'disputed',
      dispute_note: 'I was in the room.',
    };
    let decided: unknown = null;
    server.use(
      http.get('/api/admin/incidents/', () =>
        HttpResponse.json({
          month: '2026-12',
          tutors: [{ tutor_id: 7, tutor_name: 'Abebe Bekele', interruptions: 2, absences: 1, disputed: 1 }],
          incidents: [disputed],
        }),
      ),
      http.post('/api/admin/incidents/:id/decision/', async ({ request }) => {
        decided = await request.json();
        return HttpResponse.json({ ...disputed, status: 'upheld' });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <IncidentsScreen />
      </QueryClientProvider>,
    );
    const perTutor = await screen.findByRole('table', { name: 'Interruptions and no-shows per tutor' });
    expect(within(perTutor).getByText('Abebe Bekele')).toBeVisible();
    const row = await screen.findByTestId('incident-row');
    expect(row).toHaveTextContent('Disputed: to decide');
    expect(row).toHaveTextContent('I was in the room.');
    await userEvent.type(within(row).getByLabelText('Note to both (optional)'), 'No tutor in the room log.');
    await userEvent.click(within(row).getByRole('button', { name: 'Uphold: give the lesson back' }));
    expect(
      await screen.findByText('Upheld: the family got the lesson back and both were told.'),
    ).toBeVisible();
    expect(decided).toEqual({ decision: 'uphold', note: 'No tutor in the room log.' });
  });
});
