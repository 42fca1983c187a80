import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TutorProfile } from '@tibeb/domain/tutors/profile';
import { adminTutorItem } from '../../../test/admin-tutor.ts';
import { server } from '../../../test/msw-server.ts';
import { PublishChecklist } from './publish-checklist.tsx';

const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const draft: TutorProfile = {
  ...adminTutorItem({
    id: 41,
    full_name: 'Selam Tesfaye',
    subject: 'Chemistry',
    years_of_experience: 3,
    availability: none,
    is_published: false,
  }),
  meeting_url: '',
  user_id: null,
};

function wrap(tutor: TutorProfile) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PublishChecklist tutor={tutor} />
    </QueryClientProvider>,
  );
}

describe('PublishChecklist (issue 31 item 5)', () => {
  it('shows a draft with what it lacks, and cannot publish it', () => {
    wrap(draft);
    expect(screen.getByRole('heading', { name: 'Draft: not in the directory' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'What publishing needs' });
    expect(within(list).getByText('An hourly rate above zero')).toHaveTextContent('(done)');
    expect(within(list).getByText('A bio')).toHaveTextContent('(missing)');
    expect(within(list).getByText('A photo')).toHaveTextContent('(missing)');
    expect(within(list).getByText('Weekly availability')).toHaveTextContent('(missing)');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('publishes a complete draft, and takes a published tutor out of the directory', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/admin/tutors/41/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...complete, ...body });
      }),
    );
    const complete = {
      ...draft,
      bio: 'Chemistry at home.',
      profile_image: '/media/tutors/selam.webp',
      availability: { ...none, wed: [{ start: '15:00', end: '18:00' }] },
    };
    const { unmount } = wrap(complete);
    expect(
      screen.getByText('The profile is complete. Families see it once you publish it.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await expect.poll(() => sent).toEqual([{ is_published: true }]);
    unmount();
    wrap({ ...complete, is_published: true });
    expect(screen.getByRole('heading', { name: 'Published in the directory' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take out of the directory' }));
    await expect.poll(() => sent).toEqual([{ is_published: true }, { is_published: false }]);
  });
});
