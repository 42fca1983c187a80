import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminTutorItem } from '../../../test/admin-tutor.ts';
import { server } from '../../../test/msw-server.ts';
import { TutorProfilePage } from './profile-page.tsx';

function show(fields: Parameters<typeof adminTutorItem>[0]) {
  server.use(
    http.get('/api/tutor/profile/', () =>
      HttpResponse.json({ ...adminTutorItem(fields), meeting_url: '', user_id: null }),
    ),
    http.get('/api/accounts/me/', () => HttpResponse.json({}, { status: 401 })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TutorProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Drafts before the directory (decision 265): the tutor is told why families do not see the profile yet. */
describe('the tutor’s own profile page', () => {
  it('names what a draft still needs', async () => {
    show({ id: 3, full_name: 'Selam Tesfaye', is_published: false, bio: '' });
    expect(
      await screen.findByText(
        'Your profile is not in the directory yet. It still needs: a bio, a photo, and weekly availability (in Schedule).',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of drafts once published', async () => {
    show({ id: 3, full_name: 'Selam Tesfaye', is_published: true });
    expect(await screen.findByRole('region', { name: 'Public profile' })).toBeInTheDocument();
    expect(screen.queryByText(/not in the directory yet/)).toBeNull();
  });
});
