import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TutorProfile } from '@tibeb/domain/tutors/profile';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { TutorProfileForm } from './profile-form.tsx';

const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const profile: TutorProfile = {
  checks: [],
  id: 7,
  full_name: 'Yonas Bekele',
  subject: 'Physics',
  subject_id: null,
  category: null,
  grade_from: 7,
  grade_to: 12,
  bio: 'Experiments first.',
  education: 'BSc Physics',
  years_of_experience: 5,
  teaching_style: 'Questions.',
  hourly_rate: 30,
  average_rating: 0,
  total_reviews: 0,
  profile_image: '',
  time_zone: 'Africa/Addis_Ababa',
  trial: null,
  availability: none,
  is_published: true,
  is_active: true,
  meeting_url: '',
  user_id: null,
};

function renderForm(p: TutorProfile) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TutorProfileForm scope={{ area: 'tutor' }} profile={p} />
    </QueryClientProvider>,
  );
}

describe('the trial lesson on the profile (decision 273)', () => {
  it('a tutor offers a 45-minute trial at $10, then stops offering it', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.put('/api/tutor/profile/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        const t = body.trial as { minutes: 30 | 45; price: number; price_etb: number | null } | null;
        return HttpResponse.json({
          ...profile,
          trial: t && { ...t, price_cents: t.price * 100, free: t.price === 0 },
        });
      }),
    );
    renderForm(profile);
    expect(screen.queryByLabelText('Trial price (USD)')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Offer a trial lesson'), '45');
    const price = screen.getByLabelText('Trial price (USD)');
    await userEvent.clear(price);
    await userEvent.type(price, '10');
    await userEvent.type(screen.getByLabelText('Trial price in birr'), '550');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.trial).toEqual({ minutes: 45, price: 10, price_etb: 550 });

    await userEvent.selectOptions(screen.getByLabelText('Offer a trial lesson'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]!.trial).toBeNull();
  });

  it('shows the saved offer, and leaves it out of a save that does not change it', async () => {
    const sent: Record<string, unknown>[] = [];
    const offered = {
      ...profile,
      trial: { minutes: 30 as const, price: 0, price_cents: 0, price_etb: null, free: true },
    };
    server.use(
      http.put('/api/tutor/profile/', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(offered);
      }),
    );
    renderForm(offered);
    expect(screen.getByLabelText('Offer a trial lesson')).toHaveValue('30');
    expect(screen.getByLabelText('Trial price (USD)')).toHaveValue(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).not.toHaveProperty('trial');
  });
});
