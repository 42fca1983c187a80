import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import BookingFormPage from './booking-form.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => sessionStorage.clear());

/** /booking/form (decision 253): "book these times again", and a signed-in family's saved details. */
const tutor = {
  id: 3,
  full_name: 'Abebe Kebede',
  subject: 'Mathematics',
  subject_id: 1,
  category: 'Mathematics',
  grade_from: 1,
  grade_to: 12,
  bio: '',
  education: '',
  years_of_experience: 4,
  teaching_style: '',
  hourly_rate: 20,
  average_rating: 4.5,
  total_reviews: 2,
  profile_image: '',
  checks: [],
  time_zone: 'Africa/Addis_Ababa',
  availability: {
    mon: [{ start: '16:00', end: '19:00' }],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
};
const reservationId = '6f1c2f8e-4b7a-4a43-9a55-0d1f0f6f4a10';
const session = (id: string, date: string) => ({
  id,
  starts_at: `${date}T13:00:00.000Z`,
  ends_at: `${date}T14:00:00.000Z`,
  start: `${date}T13:00:00.000Z`,
  date,
  time: '16:00',
  status: 'expired',
});
const lapsed = {
  id: reservationId,
  status: 'expired',
  full_name: 'Hana Tesfaye',
  email: 'hana@example.com',
  amount: 40,
  amount_cents: 4000,
  currency: 'USD',
  credit_cents: 0,
  credit_applied_cents: 0,
  amount_charged: 40,
  amount_charged_cents: 4000,
  tutor: { id: 3, full_name: 'Abebe Kebede' },
  subject: 'Mathematics',
  duration_hours: 1.5,
  time_zone: 'Africa/Addis_Ababa',
  hold_expires_at: '2026-01-05T10:30:00.000Z',
  sessions: [session('s1', '2030-01-07'), session('s2', '2030-01-14')],
  skipped: [],
};

function open(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/booking/form', element: <BookingFormPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/booking/form', () => {
  it('?again= opens the wizard with the reservation’s tutor, contact and duration', async () => {
    server.use(
      http.get(`/api/reservations/reservations/${reservationId}/`, () => HttpResponse.json(lapsed)),
      http.get('/api/tutors/public/3/', () => HttpResponse.json(tutor)),
    );
    open(`/booking/form?again=${reservationId}`);
    expect(await screen.findByText(/Weekly online sessions with Abebe Kebede/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Hana Tesfaye');
    expect(screen.getByLabelText('Email')).toHaveValue('hana@example.com');
  });

  it('a signed-in family starts from its saved details, still editable', async () => {
    localStorage.setItem('access_token', 'token');
    localStorage.setItem('role', 'student');
    server.use(
      http.get('/api/student/booking-details/', () =>
        HttpResponse.json({
          contact: {
            full_name: 'Selam Tadesse',
            email: 'selam@example.com',
            phone: '+251 911 000 111',
            guardian_relationship: 'Mother',
            comms_preference: 'email',
            address_line1: '',
            address_line2: '',
            city: 'Addis Ababa',
            state: '',
            postal_code: '',
            country: 'Ethiopia',
          },
          students: [
            { student_name: 'Abel Tadesse', grade_level: 'Grade 5', student_age: '10', student_school: '' },
          ],
        }),
      ),
      http.get('/api/student/pending-reservations/', () => HttpResponse.json([])),
      http.get('/api/subjects/public/', () => HttpResponse.json([])),
    );
    open('/booking/form');
    expect(await screen.findByLabelText('Full name')).toHaveValue('Selam Tadesse');
    expect(screen.getByLabelText('Phone')).toHaveValue('+251 911 000 111');
    expect(screen.getByLabelText('Student full name')).toHaveValue('Abel Tadesse');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('readonly');
  });
});
