import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionItem } from './session-item.tsx';

/** A lesson at 17:00 in Addis Ababa, for a family in New York (09:00 there). */
const session: TutorSession = {
  id: '11111111-2222-4333-8444-555555555555',
  reservation_id: '11111111-1111-4111-8111-111111111111',
  starts_at: '2030-03-05T14:00:00.000Z',
  ends_at: '2030-03-05T15:00:00.000Z',
  status: 'scheduled',
  time_zone: 'Africa/Addis_Ababa',
  family_time_zone: 'America/New_York',
  subject: 'Mathematics',
  student_name: 'Liya Kebede',
  student_grade: 'Grade 8',
  guardian_name: 'Almaz Tesfaye',
  room: { url: null, audio_url: null, opens_at: '2030-03-05T13:50:00.000Z', provider: 'jitsi' },
  note: null,
  marked_at: null,
  cancel_reason: '',
};

describe("a tutor's session", () => {
  it("names the family's time and the status in English", () => {
    renderWithProviders(<SessionItem session={session} />);
    expect(screen.getByText("09:00 family's time (New York)")).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText(/Mathematics · Grade 8 · 60 min/)).toBeInTheDocument();
  });

  it("names the family's time and the status in Amharic (issue 31 item 8)", async () => {
    await changeLanguage('am');
    renderWithProviders(<SessionItem session={session} />);
    expect(screen.getByText('09:00 የቤተሰቡ ሰዓት (New York)')).toBeInTheDocument();
    expect(screen.getByText('የታቀደ')).toBeInTheDocument();
    // The wizard's grade choice, translated; the subject is the tutor's own word, kept.
    expect(screen.getByText(/Mathematics · 8ኛ ክፍል · 60 ደቂቃ/)).toBeInTheDocument();
    expect(screen.queryByText(/family's time/)).toBeNull();
  });
});
