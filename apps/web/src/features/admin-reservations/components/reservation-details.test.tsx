import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminReservationDetail } from '@tibeb/domain/admin-reservations/contract';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReservationDetails } from './reservation-details.tsx';

const detail: AdminReservationDetail = {
  reservation: {
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
    sessions_count: 1,
    next_session_at: null,
    created_at: '2026-09-01T08:00:00Z',
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
  sessions: [],
  payments: [
    {
      id: 'p-1',
      provider: 'demo',
      status: 'paid',
      amount: 80,
      refunded: 0,
      currency: 'USD',
      paid_at: '2026-09-01T08:05:00Z',
      created_at: '2026-09-01T08:00:00Z',
    },
  ],
  history: [],
};

describe("a reservation's details", () => {
  it("names the guardian's relationship, the grade and the demo provider in Amharic (issue 31 item 8)", async () => {
    await changeLanguage('am');
    renderWithProviders(<ReservationDetails detail={detail} />);
    expect(screen.getByText('እናት')).toBeInTheDocument();
    expect(screen.getByText('5ኛ ክፍል')).toBeInTheDocument();
    expect(screen.getByText(/^ሙከራ ·/)).toBeInTheDocument();
    expect(screen.queryByText('Mother')).toBeNull();
    expect(screen.queryByText(/^demo ·/)).toBeNull();
  });

  it('keeps them in English, and a relationship typed as free text as typed', () => {
    renderWithProviders(
      <ReservationDetails detail={{ ...detail, family: { ...detail.family, relationship: 'Godmother' } }} />,
    );
    expect(screen.getByText('Godmother')).toBeInTheDocument();
    expect(screen.getByText(/^demo ·/)).toBeInTheDocument();
  });
});
