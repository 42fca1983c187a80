import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tutorChangeMessages, type MoveRequest } from '@tibeb/domain/bookings/tutor-changes';
import { server } from '../../../test/msw-server.ts';
import { MoveRequestCards } from './move-request-card.tsx';

const request: MoveRequest = {
  id: '7a0c5b4e-0000-4000-8000-000000000001',
  status: 'pending',
  reason: 'A training that morning',
  tutor_name: 'Abebe Bekele',
  student_name: 'Nahom',
  subject: 'Mathematics',
  time_zone: 'Africa/Addis_Ababa',
  family_time_zone: 'Europe/London',
  created_at: '2026-11-28T10:00:00.000Z',
  lessons: [{ session_id: 's1', from: '2026-12-01T14:00:00.000Z', to: '2026-12-02T12:00:00.000Z' }],
};

const renderCards = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MoveRequestCards familyZone="Europe/London" />
    </QueryClientProvider>,
  );

describe("the tutor's move request in the family area (decision 260)", () => {
  it('shows from → to with the reason, and accepting it says so', async () => {
    let accepted = '';
    server.use(
      http.get('/api/family/move-requests/', () => HttpResponse.json(accepted ? [] : [request])),
      http.post('/api/family/move-requests/:id/accept/', ({ params }) => {
        accepted = String(params.id);
        return HttpResponse.json({});
      }),
    );
    renderCards();
    const card = await screen.findByRole('article', { name: 'Move request from Abebe Bekele' });
    expect(card).toHaveTextContent('A training that morning');
    expect(card).toHaveTextContent('Tue 1 Dec, 17:00 EAT');
    expect(card).toHaveTextContent('Wed 2 Dec, 15:00 EAT');
    await userEvent.click(screen.getByRole('button', { name: 'Accept the new time' }));
    expect(await screen.findByText('Accepted: the lesson has its new time.')).toBeInTheDocument();
    expect(accepted).toBe(request.id);
  });

  it('a time taken meanwhile is said plainly: the lesson stays', async () => {
    server.use(
      http.get('/api/family/move-requests/', () => HttpResponse.json([request])),
      http.post('/api/family/move-requests/:id/accept/', () =>
        HttpResponse.json(
          { detail: tutorChangeMessages.timeGone, code: 'tutor_change_time_gone' },
          { status: 409 },
        ),
      ),
    );
    renderCards();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the new time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tutorChangeMessages.timeGone);
  });
});
