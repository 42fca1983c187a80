import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FamilyTutor } from '@tibeb/domain/reviews/contracts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MyTutors } from './my-tutors.tsx';

const tutor = (over: Partial<FamilyTutor>): FamilyTutor => ({
  tutor_id: 1,
  full_name: 'Abebe Bekele',
  subject: 'Mathematics',
  profile_image: '',
  completed_sessions: 2,
  upcoming_sessions: 3,
  next_session_at: null,
  can_review: true,
  review: null,
  ...over,
});

function renderTutors() {
  renderWithProviders(<MyTutors />);
}

describe('My Tutors', () => {
  it('a tutor without a completed session cannot be reviewed yet', async () => {
    server.use(
      http.get('/api/student/my-tutors/', () =>
        HttpResponse.json([tutor({ completed_sessions: 0, can_review: false })]),
      ),
    );
    renderTutors();
    const card = await screen.findByRole('listitem', { name: 'Abebe Bekele' });
    expect(card).toHaveTextContent('You can review once a session is completed.');
    expect(within(card).queryByRole('button', { name: /Review/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/student/book');
  });

  it('writes a review with stars and text, then shows it with an edit link', async () => {
    let saved: FamilyTutor['review'] = null;
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/student/my-tutors/', () => HttpResponse.json([tutor({ review: saved })])),
      http.put('/api/student/tutors/1/review/', async ({ request }) => {
        const body = (await request.json()) as { rating: number; comment: string };
        bodies.push(body);
        saved = {
          id: 9,
          author_name: 'Marta A.',
          rating: body.rating,
          comment: body.comment,
          created_at: '2026-11-23T10:00:00.000Z',
          updated_at: '2026-11-23T10:00:00.000Z',
        };
        return HttpResponse.json(saved);
      }),
    );
    renderTutors();
    const card = await screen.findByRole('listitem', { name: 'Abebe Bekele' });
    await userEvent.click(within(card).getByRole('button', { name: 'Review Abebe Bekele' }));
    const form = within(card).getByRole('form', { name: 'Review of Abebe Bekele' });
    expect(within(form).getByRole('button', { name: 'Publish review' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText('Your review'), 'Patient and clear.');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(card).findByText('Patient and clear.')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(bodies).toEqual([{ rating: 4, comment: 'Patient and clear.' }]);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit your review' }));
    expect(within(card).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });
});
