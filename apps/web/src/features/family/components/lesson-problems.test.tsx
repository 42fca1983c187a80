import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IncidentView, MyIncidents } from '@tibeb/domain/bookings/incidents';
import { incidentMessages } from '@tibeb/domain/bookings/incidents';
import { server } from '../../../test/msw-server.ts';
import { FamilyLessonProblems } from './lesson-problems.tsx';

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
      <FamilyLessonProblems familyZone="Europe/London" />
    </QueryClientProvider>,
  );

describe("the family's lesson problems (decision 271)", () => {
  it('reports a power cut: the cause and note are sent, the answer says to book the make-up', async () => {
    let mine: MyIncidents = { reportable: [lesson], incidents: [] };
    let sent: unknown = null;
    server.use(
      http.get('/api/bookings/incidents/mine/', () => HttpResponse.json(mine)),
      http.post('/api/bookings/sessions/:id/interruption/', async ({ request }) => {
        sent = await request.json();
        mine = { reportable: [], incidents: [incident] };
        return HttpResponse.json(incident);
      }),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    await userEvent.click(
      within(dialog).getByLabelText('The lesson could not happen or was cut short: power cut'),
    );
    await userEvent.type(
      within(dialog).getByLabelText('What happened, in a few words (optional)'),
      'No power',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(
      await within(dialog).findByText('Reported. Now book the make-up under Lesson problems.'),
    ).toBeVisible();
    expect(sent).toEqual({ cause: 'power', note: 'No power' });
  });

  it('the tutor did not come: the refund choice is sent; a second report is refused plainly', async () => {
    let sent: unknown = null;
    server.use(
      http.get('/api/bookings/incidents/mine/', () =>
        HttpResponse.json({ reportable: [lesson], incidents: [] }),
      ),
      http.post('/api/bookings/sessions/:id/tutor-absent/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { detail: incidentMessages.alreadyReported, code: 'incident_already_reported' },
          { status: 409 },
        );
      }),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    await userEvent.click(within(dialog).getByLabelText('The tutor did not come'));
    await userEvent.click(within(dialog).getByLabelText('As a refund to my card'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(incidentMessages.alreadyReported);
    expect(sent).toEqual({ outcome: 'refund', note: '' });
  });

  it('a lesson the tutor marked a no-show offers only "The tutor did not come"', async () => {
    server.use(
      http.get('/api/bookings/incidents/mine/', () =>
        HttpResponse.json({ reportable: [{ ...lesson, status: 'no_show' }], incidents: [] }),
      ),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    expect(within(dialog).getByLabelText('The tutor did not come')).toBeChecked();
    expect(within(dialog).queryByLabelText(/power cut/)).toBeNull();
  });

  it('an open interruption offers "Book the make-up"; a made-up one shows its time', async () => {
    server.use(
      http.get('/api/bookings/incidents/mine/', () =>
        HttpResponse.json({
          reportable: [],
          incidents: [
            incident,
            { ...incident, id: 'i2', status: 'made_up', makeup_starts_at: '2026-12-03T12:00:00.000Z' },
          ],
        }),
      ),
    );
    renderPanel();
    const cards = await screen.findAllByTestId('incident');
    expect(cards[0]).toHaveTextContent('Interrupted: book the make-up');
    expect(within(cards[0]!).getByRole('button', { name: 'Book the make-up' })).toBeVisible();
    expect(cards[1]).toHaveTextContent('Interrupted: make-up booked');
    expect(cards[1]).toHaveTextContent('Make-up: Thu 3 Dec, 15:00 EAT');
  });
});
