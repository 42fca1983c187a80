import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminReservationDetail, AdminReservationRow } from '@tibeb/domain/admin-reservations/contract';
import { lifecycleMessages } from '@tibeb/domain/bookings/lifecycle-messages';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { adminTutorItem } from '../../../test/admin-tutor.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReservationsList } from './reservations-list.tsx';
import { SessionActions } from './session-actions.tsx';

/** A tutor as GET /api/admin/tutors/?page= answers it (the tutor filter reads its id and name). */
const selam = adminTutorItem({ id: 3, full_name: 'Selam Bekele' });

const row: AdminReservationRow = {
  id: 'res-1',
  status: 'confirmed',
  tutor_id: 3,
  tutor_name: 'Selam Bekele',
  subject: 'Mathematics',
  family_name: 'Hana Tesfaye',
  family_email: 'hana@example.com',
  student_name: 'Abel Tesfaye',
  date: '2026-09-14',
  time: '16:00',
  duration_minutes: 60,
  amount: 80,
  currency: 'USD',
  sessions_count: 4,
  next_session_at: '2026-09-14T13:00:00Z',
  created_at: '2026-09-01T08:00:00Z',
};

const detail: AdminReservationDetail = {
  reservation: {
    ...row,
    time_zone: 'Africa/Addis_Ababa',
    days: ['mon'],
    days_times: { mon: '16:00' },
    cancel_reason: '',
    credit_cents: 0,
    credit_applied_cents: 0,
  },
  family: {
    name: 'Hana Tesfaye',
    email: 'hana@example.com',
    phone: '',
    relationship: 'Mother',
    account_user_id: null,
    credit_balance_cents: 0,
  },
  student: { name: 'Abel Tesfaye', grade: 'Grade 5', age: null, school: '', email: '' },
  sessions: [
    {
      id: 's-1',
      starts_at: '2099-09-14T13:00:00Z',
      ends_at: '2099-09-14T14:00:00Z',
      date: '2099-09-14',
      time: '16:00',
      status: 'scheduled',
      cancel_outcome: '',
      cancel_reason: '',
      rescheduled_from: null,
    },
  ],
  payments: [],
  history: [],
};

describe('the reservation screens in Amharic', () => {
  it('lists reservations with Amharic filters, statuses and counts, and the Ethiopian date beside the Gregorian', async () => {
    server.use(
      http.get('/api/admin/reservations/', () => HttpResponse.json({ count: 1, results: [row] })),
      http.get('/api/admin/tutors/', () =>
        HttpResponse.json({ count: 1, page: 1, page_size: 50, results: [selam] }),
      ),
    );
    await changeLanguage('am');
    renderWithProviders(<ReservationsList />);

    const table = await screen.findByRole('table', { name: 'የተያዙ ትምህርቶች' });
    // The heading row, then the one reservation.
    const [, item, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    // Data stays as written; the frame is Amharic.
    expect(item).toHaveTextContent('Hana Tesfaye');
    expect(item).toHaveTextContent('ለAbel Tesfaye');
    expect(item).toHaveTextContent('የተረጋገጠ');
    expect(item).toHaveTextContent('4 ክፍለ ጊዜዎች');
    expect(item).toHaveTextContent('60 ደቂቃ');
    // 14 September 2026 is Meskerem 4, 2019 in the Ethiopian calendar.
    expect(item).toHaveTextContent('መስከረም 4 2019');
    expect(within(item!).getByRole('link', { name: 'ዝርዝሮች የHana Tesfaye ቦታ ማስያዣ' })).toHaveAttribute(
      'href',
      '/admin/reservation/details/res-1',
    );
    expect(screen.getByRole('searchbox', { name: 'በቤተሰብ ወይም በተማሪ ፈልግ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ፈልግ' })).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'ሁኔታ' });
    expect(within(status).getByRole('option', { name: 'ክፍያ በመጠበቅ ላይ' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'አስጠኚ ይፈልጉ' })).toBeInTheDocument();
    const tutor = screen.getByRole('combobox', { name: 'አስጠኚ' });
    expect(await within(tutor).findByRole('option', { name: 'Selam Bekele' })).toBeInTheDocument();
    expect(screen.getByText('ገጽ 1 ከ1 · 1 ቦታ ማስያዣዎች')).toBeInTheDocument();
    expect(screen.queryByText(/Confirmed|sessions|Search/)).not.toBeInTheDocument();
  });

  it("moves a session in Amharic and shows the lifecycle's refusal in Amharic, with its number", async () => {
    let asked: unknown = null;
    server.use(
      http.get('/api/reservations/available/', () =>
        HttpResponse.json({ available: { '2099-09-14': ['17:00'] } }),
      ),
      http.post('/api/bookings/sessions/:id/reschedule/', async ({ request }) => {
        asked = await request.json();
        // Read by its code and values: the English detail is not what is shown.
        const message = lifecycleMessages.tooSoon(24);
        return HttpResponse.json(
          {
            detail: 'Sessions must start later.',
            code: 'session_too_soon',
            params: { hours: 24 },
            errors: { date: [message] },
          },
          { status: 400 },
        );
      }),
    );
    await changeLanguage('am');
    const user = userEvent.setup();
    renderWithProviders(<SessionActions detail={detail} />);

    await user.click(screen.getByRole('button', { name: /^አዛውር/ }));
    const dialog = screen.getByRole('dialog', { name: 'ክፍለ ጊዜውን አዛውር' });
    expect(within(dialog).getByRole('group', { name: 'የትኞቹ ክፍለ ጊዜዎች' })).toBeInTheDocument();
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'አዲስ የመጀመሪያ ሰዓት (EAT)' }),
      '17:00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'ክፍለ ጊዜውን አዛውር' }));

    const alert = await within(dialog).findByRole('alert');
    expect(asked).toEqual({ date: '2099-09-14', time: '17:00', scope: 'one' });
    expect(alert).toHaveTextContent('ክፍለ ጊዜዎች ከአሁን ቢያንስ 24 ሰዓት በኋላ መጀመር አለባቸው። እባክዎ ዘግየት ያለ ሰዓት ይምረጡ።');
    expect(alert).not.toHaveTextContent('Sessions must start');
    // The session's own Cancel reads 'cancel the session', not 'never mind'.
    expect(screen.getByRole('button', { name: /^ሰርዝ/ })).toBeInTheDocument();
  });

  it('keeps the English texts exactly in English', async () => {
    server.use(
      http.get('/api/admin/reservations/', () => HttpResponse.json({ count: 1, results: [row] })),
      http.get('/api/admin/tutors/', () =>
        HttpResponse.json({ count: 0, page: 1, page_size: 50, results: [] }),
      ),
    );
    renderWithProviders(<ReservationsList />);
    const table = await screen.findByRole('table', { name: 'Reservations' });
    // The heading row, then the one reservation.
    const [, item, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    expect(item).toHaveTextContent('Hana Tesfaye for Abel Tesfaye');
    expect(item).toHaveTextContent('Mon, 14 Sept 2026 16:00 EAT · 60 min');
    expect(item).toHaveTextContent('$80.00 · 4 sessions');
    expect(within(item!).getByRole('link', { name: "Details of Hana Tesfaye's reservation" })).toBeVisible();
    expect(screen.getByText('Page 1 of 1 · 1 reservations')).toBeInTheDocument();
  });
});
