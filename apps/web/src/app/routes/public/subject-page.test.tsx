import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchItem, serveSearch, type SearchLog } from '../../../features/tutors/utils/tutors.fixtures.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { PageHeadContext, type PageHead } from '../../../lib/page-meta.ts';
import { polyfillModalDialogs } from '../../../test/dialog.ts';
import { server } from '../../../test/msw-server.ts';
import SubjectPage from './subject-page.tsx';
import SubjectsPage from './subjects.tsx';

const subject = (id: number, name: string, slug: string, category: string) => ({
  id,
  name,
  slug,
  category,
  price_per_hour: 20,
  price_per_hour_etb: null,
  is_active: true,
  description: `${name} lessons for every grade.`,
  level: 'Beginner to Advanced',
});
const catalogue = [
  subject(1, 'Mathematics', 'mathematics', 'Mathematics'),
  subject(2, 'Sciences', 'sciences', 'Sciences'),
  { ...subject(3, 'Chess', 'chess', 'Coding'), is_active: false },
];

function serveSubjects(log: string[] = []) {
  server.use(
    http.get('/api/subjects/public/', ({ request }) => {
      log.push(new URL(request.url).search);
      return HttpResponse.json(catalogue);
    }),
  );
  return log;
}

function renderAt(url: string) {
  const heads: PageHead[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/subjects', element: <SubjectsPage /> },
      { path: '/subjects/:slug', element: <SubjectPage /> },
      { path: '/tutors/:tutor', element: <p>Tutor page</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <PageHeadContext.Provider value={(head) => heads.push(head)}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PageHeadContext.Provider>,
  );
  return { router, head: () => heads.at(-1) };
}

const mathTutors = Array.from({ length: 13 }, (_, i) =>
  searchItem({ id: i + 1, full_name: `Math Tutor ${i + 1}`, subject: 'math' }),
);
const names = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('a subject’s page', () => {
  beforeAll(polyfillModalDialogs);

  it('names the catalogue subject and lists its tutors as the directory does, a page at a time', async () => {
    serveSubjects();
    const log: SearchLog = serveSearch([
      ...mathTutors,
      searchItem({ id: 50, full_name: 'Chem', subject: 'Chemistry' }),
    ]);
    const { head } = renderAt('/subjects/mathematics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mathematics' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toHaveLength(12));
    expect(screen.getByText('13 tutors')).toBeInTheDocument();
    expect(log[0]).toEqual({ subject: 'mathematics', sort: 'rating', limit: 12 });
    await userEvent.click(screen.getByRole('button', { name: 'Show more tutors' }));
    await waitFor(() => expect(names()).toHaveLength(13));
    expect(screen.getByRole('link', { name: 'Math Tutor 1' })).toHaveAttribute(
      'href',
      '/tutors/1-math-tutor-1',
    );
    expect(screen.getByRole('link', { name: 'Book by subject' })).toHaveAttribute(
      'href',
      '/booking/form?subject=mathematics',
    );
    expect(head()).toMatchObject({
      title: 'Mathematics tutors',
      description: 'Mathematics lessons for every grade.',
      canonical: '/subjects/mathematics',
    });
    expect(head()?.status).toBeUndefined();
  });

  it('says when nobody teaches the subject yet', async () => {
    serveSubjects();
    serveSearch([]);
    renderAt('/subjects/sciences');
    expect(await screen.findByText('No tutors teach Sciences yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all tutors' })).toHaveAttribute('href', '/tutors');
  });

  it.each([['/subjects/history'], ['/subjects/chess']])(
    'answers %s with the 404 page and status 404',
    async (url) => {
      serveSubjects();
      const { head } = renderAt(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(head()).toMatchObject({ status: 404 });
    },
  );

  it('is in Amharic', async () => {
    await act(() => changeLanguage('am'));
    serveSubjects();
    serveSearch(mathTutors.slice(0, 2));
    const { head } = renderAt('/subjects/mathematics');
    expect(await screen.findByRole('heading', { level: 1, name: 'ሂሳብ' })).toBeInTheDocument();
    expect(await screen.findByText('2 አስጠኚዎች')).toBeInTheDocument();
    expect(head()?.title).toBe('የሂሳብ አስጠኚዎች');
  });
});

describe('the subjects page', () => {
  it('links each active catalogue subject to its page', async () => {
    const log = serveSubjects();
    const { head } = renderAt('/subjects');
    const nav = await screen.findByRole('navigation', { name: 'Tutors by subject' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Mathematics tutors', '/subjects/mathematics'],
      ['Sciences tutors', '/subjects/sciences'],
    ]);
    expect(log).toEqual(['?is_active=1']);
    expect(head()).toMatchObject({ title: 'Subjects', canonical: '/subjects' });
  });
});
