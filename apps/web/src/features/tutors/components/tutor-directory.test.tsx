import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { polyfillModalDialogs } from '../../../test/dialog.ts';
import { server } from '../../../test/msw-server.ts';
import {
  abebe,
  hana,
  searchItem,
  serveSearch,
  threeTutors,
  yonas,
  type SearchLog,
} from '../utils/tutors.fixtures.ts';
import { TutorDirectory } from './tutor-directory.tsx';

function BookingProbe() {
  const location = useLocation();
  return <p>Booking with state {JSON.stringify(location.state)}</p>;
}

function renderDirectory(url = '/tutors') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/tutors', element: <TutorDirectory /> },
      { path: '/tutors/:tutor', element: <p>Tutor page</p> },
      { path: '/booking/form', element: <BookingProbe /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const serve = (tutors = threeTutors, log?: SearchLog) => {
  server.use(
    http.get('/api/tutors/public/:id/reviews/', ({ params }) =>
      HttpResponse.json(
        params.id === '2'
          ? {
              average_rating: 4.26,
              total_reviews: 1,
              reviews: [
                {
                  id: 7,
                  author_name: 'Marta A.',
                  rating: 4,
                  comment: 'Clear explanations of titration.',
                  created_at: '2026-11-01T10:00:00.000Z',
                  updated_at: '2026-11-01T10:00:00.000Z',
                },
              ],
            }
          : { average_rating: 0, total_reviews: 0, reviews: [] },
      ),
    ),
  );
  return serveSearch(tutors, log);
};

const names = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));
const params = (router: ReturnType<typeof renderDirectory>) => router.state.location.search;

describe('tutor directory', () => {
  beforeAll(polyfillModalDialogs);
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Loading tutors...' with a spinner, then a card per tutor of the first page and the total", async () => {
    const log = serve();
    renderDirectory();
    expect(screen.getByRole('status')).toHaveTextContent('Loading tutors...');
    await waitFor(() => expect(names()).toEqual(['Abebe Bekele', 'Hana Tesfaye', 'Yonas Alemu']));
    expect(screen.queryByText('Loading tutors...')).not.toBeInTheDocument();
    expect(screen.getByText('3 tutors')).toBeInTheDocument();
    // The defaults go unsaid: the first page, in the default order and size.
    expect(log).toEqual([{ sort: 'rating', limit: 12 }]);
  });

  it('shows every field of a card, with the fallbacks', async () => {
    serve();
    renderDirectory();
    const card = await screen.findByRole('article', { name: 'Hana Tesfaye' });
    const c = within(card);
    expect(c.getByRole('heading', { name: 'Hana Tesfaye' })).toBeInTheDocument();
    expect(c.getByText('Chemistry')).toBeInTheDocument();
    expect(c.getByTestId('rating-badge')).toHaveTextContent('4.3★');
    expect(c.getByRole('img', { name: '4.3 out of 5 stars' })).toHaveAttribute('data-filled', '4');
    expect(c.getByText('(1 review)')).toBeInTheDocument();
    expect(c.getByText(`${'B'.repeat(100)}...`)).toBeInTheDocument();
    expect(c.getByText('Addis Ababa University')).toBeInTheDocument();
    expect(c.getByText('5 years')).toBeInTheDocument();
    expect(c.getByTestId('hourly-rate')).toHaveTextContent('$30.50/hr');
    const img = c.getByRole('img', { name: 'Hana Tesfaye' });
    expect(img).toHaveAttribute('loading', 'eager'); // first row
    expect(img).toHaveAttribute('width', '400');
    // Uploads are stored in one width: no srcset, so no sizes either (decision 256).
    expect(img).not.toHaveAttribute('sizes');

    const y = within(screen.getByRole('article', { name: 'Yonas Alemu' }));
    expect(y.getByText('No bio available')).toBeInTheDocument();
    expect(y.getByText('Not specified')).toBeInTheDocument();
    expect(y.getByTestId('rating-badge')).toHaveTextContent('5.0★'); // clamped
    expect(y.getByRole('img', { name: '5.0 out of 5 stars' })).toHaveAttribute('data-filled', '5');
  });

  it('shows when each tutor is next free, in EAT, with the visitor’s own time beside it', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      timeZone: 'America/New_York',
    });
    serve();
    renderDirectory();
    const a = within(await screen.findByRole('article', { name: 'Abebe Bekele' }));
    expect(a.getByTestId('next-free')).toHaveTextContent(
      'Next free: Tue 16 Jun, 16:00 EAT · 09:00 your time (New York)',
    );
    expect(within(a.getByTestId('next-free')).getByText('Tue 16 Jun, 16:00 EAT')).toHaveAttribute(
      'datetime',
      '2026-06-16T13:00:00.000Z',
    );
    const h = within(screen.getByRole('article', { name: 'Hana Tesfaye' }));
    expect(h.getByTestId('next-free')).toHaveTextContent('No free time in the next two weeks');
  });

  it('shows EAT alone to a visitor in Addis Ababa', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      timeZone: 'Africa/Addis_Ababa',
    });
    serve();
    renderDirectory();
    const a = within(await screen.findByRole('article', { name: 'Abebe Bekele' }));
    expect(a.getByTestId('next-free')).toHaveTextContent(/^Next free: Tue 16 Jun, 16:00 EAT$/);
  });

  it('links each card to its tutor’s page', async () => {
    serve();
    const router = renderDirectory();
    const link = await screen.findByRole('link', { name: 'Hana Tesfaye' });
    expect(link).toHaveAttribute('href', '/tutors/2-hana-tesfaye');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/tutors/2-hana-tesfaye');
  });

  it('loads the first row of images at once and the rest lazily', async () => {
    serve([...threeTutors, searchItem({ id: 4, full_name: 'Liya Assefa' })]);
    renderDirectory();
    const img = (name: string) => within(screen.getByRole('article', { name })).getByRole('img', { name });
    await screen.findByRole('article', { name: 'Liya Assefa' });
    expect(img('Yonas Alemu')).toHaveAttribute('loading', 'eager');
    expect(img('Liya Assefa')).toHaveAttribute('loading', 'lazy');
  });

  it("falls back to 'Unnamed Tutor'", async () => {
    serve([{ ...abebe, full_name: '' }]);
    renderDirectory();
    expect(await screen.findByRole('heading', { name: 'Unnamed Tutor' })).toBeInTheDocument();
  });

  it('searches by name or subject when typing pauses, and the address carries it', async () => {
    const log = serve();
    const router = renderDirectory();
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    const search = screen.getByPlaceholderText('Search tutors...');
    await userEvent.type(search, 'HANA');
    await waitFor(() => expect(names()).toEqual(['Hana Tesfaye']));
    expect(params(router)).toBe('?q=HANA');
    // One search for the pause, not one per key.
    expect(log.filter((q) => q.q !== undefined).map((q) => q.q)).toEqual(['HANA']);
    await userEvent.clear(search);
    await userEvent.type(search, 'pyth');
    await waitFor(() => expect(names()).toEqual(['Yonas Alemu']));
    expect(params(router)).toBe('?q=pyth');
  });

  it('filters by subject category; pressing the active subject again clears it', async () => {
    serve();
    const router = renderDirectory();
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    const group = screen.getByRole('group', { name: 'Subject' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Subjects', 'Mathematics', 'Sciences', 'Languages', 'Coding']);
    const sciences = within(group).getByRole('button', { name: 'Sciences' });
    await userEvent.click(sciences);
    expect(sciences).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(names()).toEqual(['Hana Tesfaye']));
    expect(params(router)).toBe('?subject=Sciences');
    await userEvent.click(sciences);
    expect(sciences).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: 'All Subjects' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(params(router)).toBe('');
    await userEvent.click(within(group).getByRole('button', { name: 'Coding' }));
    await waitFor(() => expect(names()).toEqual(['Yonas Alemu']));
  });

  it('offers every grade and filters by grade', async () => {
    serve();
    const router = renderDirectory();
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    const select = screen.getByRole('combobox', { name: 'Grade' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Grades', ...Array.from({ length: 12 }, (_, i) => `Grade ${i + 1}`)]);
    await userEvent.selectOptions(select, 'Grade 9');
    await waitFor(() => expect(names()).toEqual(['Hana Tesfaye', 'Yonas Alemu']));
    expect(params(router)).toBe('?grade=9');
    await userEvent.selectOptions(select, 'All Grades');
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it('reads every filter from a shared address, shows it in the controls and asks the server for it', async () => {
    const log = serve();
    renderDirectory(
      '/tutors?subject=SCIENCES&grade=9&language=amharic&min_price=20&max_price=40&day=tue&time_of_day=evening&sort=price&q=hana',
    );
    await waitFor(() => expect(names()).toEqual(['Hana Tesfaye']));
    expect(screen.getByRole('button', { name: 'Sciences' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Grade' })).toHaveValue('9');
    expect(screen.getByRole('combobox', { name: 'Teaches in' })).toHaveValue('Amharic');
    expect(screen.getByRole('spinbutton', { name: 'Min $/hour' })).toHaveValue(20);
    expect(screen.getByRole('spinbutton', { name: 'Max $/hour' })).toHaveValue(40);
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveValue('tue');
    expect(screen.getByRole('combobox', { name: 'Time of day' })).toHaveValue('evening');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
    expect(screen.getByPlaceholderText('Search tutors...')).toHaveValue('hana');
    expect(log).toEqual([
      {
        q: 'hana',
        subject: 'Sciences',
        grade: 9,
        language: 'amharic',
        min_price: 20,
        max_price: 40,
        day: 'tue',
        time_of_day: 'evening',
        sort: 'price',
        limit: 12,
      },
    ]);
  });

  it('writes the new filters into the address as they are chosen', async () => {
    const log = serve();
    const router = renderDirectory();
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Teaches in' }), 'Tigrigna');
    await waitFor(() => expect(names()).toEqual(['Yonas Alemu']));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Day' }), 'Wednesday');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Time of day' }),
      'Morning (06:00–12:00 EAT)',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Lowest price');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Max $/hour' }), '30');
    await waitFor(() =>
      expect(params(router)).toBe('?language=Tigrigna&max_price=30&day=wed&time_of_day=morning&sort=price'),
    );
    await waitFor(() => expect(log.at(-1)).toMatchObject({ max_price: 30, sort: 'price', day: 'wed' }));
  });

  it('ignores an unknown ?subject= and anything invalid in the address', async () => {
    const log = serve();
    renderDirectory('/tutors?subject=history&grade=99&sort=worst&day=someday&cursor=abc');
    await screen.findByRole('article', { name: 'Hana Tesfaye' });
    expect(names()).toHaveLength(3);
    expect(log).toEqual([{ sort: 'rating', limit: 12 }]);
  });

  it('shows more tutors a page at a time, keeping those loaded; the address keeps only the filters', async () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      searchItem({ id: i + 1, full_name: `Tutor ${String(i + 1).padStart(2, '0')}` }),
    );
    const log = serve(many);
    const router = renderDirectory('/tutors?grade=3');
    await waitFor(() => expect(names()).toHaveLength(12));
    expect(screen.getByText('14 tutors')).toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 14 tutors')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more tutors' }));
    await waitFor(() => expect(names()).toHaveLength(14));
    expect(names()[0]).toBe('Tutor 01');
    expect(names()[13]).toBe('Tutor 14');
    expect(screen.getByText('Showing 14 of 14 tutors')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more tutors' })).not.toBeInTheDocument();
    // Reading goes on at the first new card.
    expect(screen.getByRole('link', { name: 'Tutor 13' })).toHaveFocus();
    expect(log.map((q) => q.cursor)).toEqual([undefined, '12']);
    expect(log[1]).toMatchObject({ grade: 3 });
    expect(params(router)).toBe('?grade=3');
  });

  it("shows the empty state, whose 'Reset Filters' clears every filter", async () => {
    serve();
    const router = renderDirectory('/tutors?language=English&day=mon');
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grade' }), 'Grade 9');
    await userEvent.click(screen.getByRole('button', { name: 'Sciences' }));
    await userEvent.type(screen.getByPlaceholderText('Search tutors...'), 'zzz');
    expect(await screen.findByText('No tutors found matching your criteria.')).toBeInTheDocument();
    expect(names()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(params(router)).toBe('');
    expect(screen.getByPlaceholderText('Search tutors...')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Grade' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Teaches in' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'All Subjects' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    [
      'a server error',
      () => server.use(http.get('/api/tutors/search/', () => HttpResponse.json({}, { status: 500 }))),
    ],
    ['a bare list', () => server.use(http.get('/api/tutors/search/', () => HttpResponse.json(threeTutors)))],
    [
      'a tutor without a field the server always sends',
      () =>
        server.use(
          http.get('/api/tutors/search/', () =>
            HttpResponse.json({ results: [{ ...hana, next_free: undefined }], total: 1, next_cursor: null }),
          ),
        ),
    ],
    ['a network failure', () => server.use(http.get('/api/tutors/search/', () => HttpResponse.error()))],
  ])('on %s logs the error and shows the empty state', async (_label, arrange) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    arrange();
    renderDirectory();
    expect(await screen.findByText('No tutors found matching your criteria.')).toBeInTheDocument();
    expect(screen.queryByText('Loading tutors...')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to load tutors:', expect.anything());
  });

  it('asks again after a failed load when the visitor presses Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/tutors/search/', () => HttpResponse.error()));
    renderDirectory();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeInTheDocument();
    serve();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it('opens the Details dialog with every section and a link to the full profile, and closes it', async () => {
    serve();
    renderDirectory();
    await userEvent.click(await screen.findByRole('button', { name: 'Details about Hana Tesfaye' }));
    const dialog = screen.getByRole('dialog', { name: 'Hana Tesfaye' });
    const d = within(dialog);
    for (const heading of ['About Me', 'Education', 'Experience', 'Teaching Style', 'Hourly Rate']) {
      expect(d.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(d.getByText('B'.repeat(150))).toBeInTheDocument();
    expect(d.getByText('5 years')).toBeInTheDocument();
    expect(d.getByText('Patient, with worked examples.')).toBeInTheDocument();
    expect(d.getByText('$30.50/hr')).toBeInTheDocument();
    expect(d.getByRole('list', { name: 'Checks passed' })).toHaveTextContent(/ID checked.*Police clearance/);
    expect(await d.findByRole('heading', { name: 'Latest reviews' })).toBeInTheDocument();
    expect(d.getByText('Clear explanations of titration.')).toBeInTheDocument();
    expect(d.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(d.getByText('Marta A.')).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'See the full profile of Hana Tesfaye' })).toHaveAttribute(
      'href',
      '/tutors/2-hana-tesfaye',
    );
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Hana Tesfaye' })).toBeInTheDocument();
    // Escape (the dialog's cancel event) closes it too.
    await userEvent.click(screen.getByRole('button', { name: 'Details about Abebe Bekele' }));
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    fireEvent(
      screen.getByRole('dialog', { name: 'Abebe Bekele' }),
      new Event('cancel', { cancelable: true }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("the Details dialog's Book Session goes to /booking/form with the tutor id as state", async () => {
    serve();
    renderDirectory();
    await userEvent.click(await screen.findByRole('button', { name: 'Details about Yonas Alemu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Book Session' }));
    expect(await screen.findByText('Booking with state {"tutorId":3}')).toBeInTheDocument();
  });

  it("a card's Book link goes to /booking/form with the tutor id as state", async () => {
    serve();
    const router = renderDirectory();
    await userEvent.click(await screen.findByRole('link', { name: 'Book Hana Tesfaye' }));
    expect(await screen.findByText('Booking with state {"tutorId":2}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booking/form');
  });

  it('enlarges the profile image in a dialog', async () => {
    serve();
    renderDirectory();
    await userEvent.click(await screen.findByRole('button', { name: 'Enlarge photo of Abebe Bekele' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo of Abebe Bekele' });
    expect(within(dialog).getByRole('img', { name: 'Abebe Bekele' })).toHaveAttribute(
      'src',
      '/images/tutors/x.svg',
    );
  });

  it('shows the default image when the profile image fails to load, or is missing', async () => {
    serve([abebe, { ...hana, profile_image: '' }, yonas]);
    renderDirectory();
    const img = within(await screen.findByRole('article', { name: 'Abebe Bekele' })).getByRole('img', {
      name: 'Abebe Bekele',
    });
    expect(img).toHaveAttribute('src', '/images/tutors/x.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/images/default-avatar.svg');
    const missing = within(screen.getByRole('article', { name: 'Hana Tesfaye' })).getByRole('img', {
      name: 'Hana Tesfaye',
    });
    expect(missing).toHaveAttribute('src', '/images/default-avatar.svg');
  });
});
