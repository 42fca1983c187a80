import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { AvailabilityEditor } from './availability-editor.tsx';
import { PhotoUpload } from './photo-upload.tsx';
import { TimeOffEditor } from './time-off-editor.tsx';
import { TutorProfileForm } from './profile-form.tsx';

const week = {
  mon: [],
  tue: [{ start: '16:00', end: '18:00' }],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
};
const profile = {
  checks: [] as ('identity' | 'police_clearance' | 'qualifications' | 'interview')[],
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
  average_rating: 4.5,
  total_reviews: 2,
  profile_image: '',
  time_zone: 'Africa/Addis_Ababa',
  availability: week,
  is_published: true,
  is_active: true,
  meeting_url: '',
  user_id: null,
};

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('tutor-profile components', () => {
  it('availability: saves the week for the tutor area, and lists the sessions a refused edit would strand', async () => {
    const bodies: Record<string, unknown>[] = [];
    let refuse = true;
    server.use(
      http.put('/api/tutor/availability/', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        if (refuse) {
          return HttpResponse.json(
            {
              detail: "A scheduled session would fall outside the tutor's time. Move or cancel it first.",
              errors: { sessions: ['2030-01-08 16:00 (Abel Kebede)'] },
            },
            { status: 409 },
          );
        }
        return HttpResponse.json(bodies.at(-1)!);
      }),
    );
    wrap(<AvailabilityEditor scope={{ area: 'tutor' }} availability={week} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Tuesday window 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("A scheduled session would fall outside the tutor's time.");
    expect(within(alert).getByRole('list', { name: 'Sessions in the way' })).toHaveTextContent(
      '2030-01-08 16:00 (Abel Kebede)',
    );
    expect(bodies[0]).toMatchObject({ tue: [] });

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Add a window on Wednesday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('Availability saved. Families see the new times at once.')).toBeVisible();
    expect(bodies[1]).toMatchObject({ wed: [{ start: '09:00', end: '12:00' }] });
  });

  it('time off: adds a range on the admin endpoint and removes an entry', async () => {
    let entries = [{ id: 3, starts_on: '2030-02-02', ends_on: '2030-02-02', reason: '' }];
    const posted: unknown[] = [];
    server.use(
      http.get('/api/admin/tutors/7/time-off/', () => HttpResponse.json(entries)),
      http.post('/api/admin/tutors/7/time-off/', async ({ request }) => {
        const body = (await request.json()) as { starts_on: string; ends_on: string; reason: string };
        posted.push(body);
        const row = { id: 4, ...body };
        entries = [...entries, row];
        return HttpResponse.json(row, { status: 201 });
      }),
      http.delete('/api/admin/tutors/7/time-off/3/', () => {
        entries = entries.filter((e) => e.id !== 3);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    wrap(<TimeOffEditor scope={{ area: 'admin', tutorId: 7 }} />);
    const list = await screen.findByRole('list', { name: 'Planned time off' });
    expect(list).toHaveTextContent('Sat, 2 Feb 2030');
    await userEvent.type(screen.getByLabelText('First day'), '2030-03-01');
    await userEvent.type(screen.getByLabelText('Last day (optional)'), '2030-03-05');
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Conference');
    await userEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    expect(await screen.findByText('Time off added.')).toBeVisible();
    expect(posted[0]).toEqual({ starts_on: '2030-03-01', ends_on: '2030-03-05', reason: 'Conference' });
    expect(
      await within(list).findByText(/Fri, 1 Mar 2030 – Tue, 5 Mar 2030/, { selector: 'span.font-medium' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove time off Sat, 2 Feb 2030' }));
    await expect.poll(() => screen.queryByText('Sat, 2 Feb 2030'), { timeout: 2000 }).toBeNull();
  });

  it('photo: refuses a wrong type in the page without sending it', async () => {
    wrap(<PhotoUpload scope={{ area: 'tutor' }} image="" name="Yonas" />);
    const file = new File(['hello'], 'notes.gif', { type: 'image/gif' });
    await userEvent.upload(screen.getByLabelText('Profile photo'), file, { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Upload a JPEG, PNG or WebP image.');
  });

  it('profile: a tutor edits the texts and meeting link only; the rate is read-only; the preview follows the draft', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put('/api/tutor/profile/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...profile, ...body });
      }),
    );
    wrap(
      <TutorProfileForm
        scope={{ area: 'tutor' }}
        profile={profile}
        renderPreview={(t) => <p data-testid="preview">{`${t.full_name} · ${t.bio}`}</p>}
      />,
    );
    expect(screen.getByLabelText('Hourly rate (USD)')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Published in the directory')).toBeNull();
    const bio = screen.getByLabelText('Bio');
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Circuits and magnets.');
    expect(screen.getByTestId('preview')).toHaveTextContent('Yonas Bekele · Circuits and magnets.');
    // Its limit is counted under it and read with it (decision 255).
    expect(bio).toHaveAccessibleDescription('21/4000');
    await userEvent.type(screen.getByLabelText('Own meeting link'), 'https://meet.jit.si/yonas');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Saved. The directory shows the change now.')).toBeVisible();
    expect(sent[0]).toEqual({
      full_name: 'Yonas Bekele',
      bio: 'Circuits and magnets.',
      education: 'BSc Physics',
      years_of_experience: 5,
      teaching_style: 'Questions.',
      meeting_url: 'https://meet.jit.si/yonas',
    });
  });

  it('profile: an admin creates a tutor with subject, grades, rate, publication and the linked tutor account', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/subjects/public/', () =>
        HttpResponse.json([
          {
            id: 4,
            name: 'Physics',
            slug: 'physics',
            category: 'Sciences',
            price_per_hour: 25,
            is_active: true,
            description: '',
            level: '',
          },
        ]),
      ),
      http.get('/api/admin/users/', () =>
        HttpResponse.json({
          count: 1,
          page: 1,
          page_size: 100,
          results: [
            {
              id: '0b7c7e1a-0000-4000-8000-000000000001',
              username: 'tigist',
              email: 'tigist@example.com',
              role: 'tutor',
              first_name: '',
              last_name: '',
              phone: '',
              is_active: true,
              has_password: true,
              last_login_at: null,
              created_at: '2026-01-01T00:00:00Z',
            },
          ],
        }),
      ),
      http.post('/api/admin/tutors/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...profile, ...body, id: 12 }, { status: 201 });
      }),
    );
    const saved: number[] = [];
    wrap(<TutorProfileForm scope={{ area: 'admin' }} onSaved={(p) => saved.push(p.id)} />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Tigist Worku');
    await userEvent.selectOptions(
      screen.getByLabelText('Catalogue subject'),
      await screen.findByRole('option', { name: 'Physics (Sciences)' }),
    );
    expect(screen.getByLabelText('Subject (as shown)')).toHaveValue('Physics');
    await userEvent.type(screen.getByLabelText('Hourly rate (USD)'), '31.5');
    await userEvent.selectOptions(screen.getByLabelText('From grade'), '7');
    await userEvent.selectOptions(
      screen.getByLabelText('Tutor account'),
      await screen.findByRole('option', { name: 'tigist (tigist@example.com)' }),
    );
    // A new tutor is a draft, published from its checklist once complete (decision 265): no choice here.
    expect(screen.queryByLabelText('Published in the directory')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create tutor' }));
    await expect.poll(() => saved).toEqual([12]);
    expect(sent[0]).not.toHaveProperty('is_published');
    expect(sent[0]).toMatchObject({
      full_name: 'Tigist Worku',
      subject: 'Physics',
      subject_id: 4,
      grade_from: 7,
      grade_to: 12,
      hourly_rate: 31.5,
      user_id: '0b7c7e1a-0000-4000-8000-000000000001',
    });
  });

  it('profile: an empty rate is asked for under its field and never sent as 0 (issue 31 item 5)', async () => {
    let posts = 0;
    server.use(
      http.get('/api/subjects/public/', () => HttpResponse.json([])),
      http.get('/api/admin/users/', () =>
        HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
      http.post('/api/admin/tutors/', () => {
        posts += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    wrap(<TutorProfileForm scope={{ area: 'admin' }} />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Tigist Worku');
    await userEvent.type(screen.getByLabelText('Subject (as shown)'), 'Physics');
    await userEvent.click(screen.getByRole('button', { name: 'Create tutor' }));
    const rate = screen.getByLabelText('Hourly rate (USD)');
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAccessibleDescription('Enter an hourly rate above zero.');
    expect(rate).toHaveFocus();
    expect(posts).toBe(0);
  });

  it('profile: the server’s field errors show under their fields by code, never as a key or a path (issue 31 item 3)', async () => {
    server.use(
      http.patch('/api/admin/tutors/7/', () =>
        HttpResponse.json(
          {
            detail: 'A tutor can be published once …',
            code: 'tutor_not_ready',
            errors: { bio: ['Write a bio.'], profile_image: ['Add a photo.'] },
            field_codes: {
              bio: [{ code: 'publish_needs_bio' }],
              profile_image: [{ code: 'publish_needs_photo' }],
            },
          },
          { status: 400 },
        ),
      ),
      http.get('/api/subjects/public/', () => HttpResponse.json([])),
      http.get('/api/admin/users/', () =>
        HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
      ),
    );
    wrap(<TutorProfileForm scope={{ area: 'admin', tutorId: 7 }} profile={profile} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await expect.poll(() => screen.getByLabelText('Bio').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Bio')).toHaveAccessibleDescription(/Write a bio\./);
    // The photo is not a field of this form: its error is in the answer's box, without its key.
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Add a photo.');
    expect(alert).not.toHaveTextContent(/profile.image|bio:/);
  });

  it('availability: an error of a window shows under its row, not as sun.0 (issue 31 item 3)', async () => {
    server.use(
      http.put('/api/tutor/availability/', () =>
        HttpResponse.json(
          {
            detail: 'The end must be after the start.',
            code: 'invalid_input',
            errors: { 'tue.0': ['The end must be after the start.'] },
            field_codes: { 'tue.0': [{ code: 'end_after_start' }] },
          },
          { status: 400 },
        ),
      ),
    );
    wrap(<AvailabilityEditor scope={{ area: 'tutor' }} availability={week} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const from = await screen.findByLabelText('Tuesday window 1 from');
    await expect.poll(() => from.getAttribute('aria-invalid')).toBe('true');
    expect(from).toHaveAccessibleDescription('The end must be after the start.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked above.');
    expect(document.body).not.toHaveTextContent('tue.0');
  });
});
