import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { polyfillModalDialogs } from '../../../test/dialog.ts';
import { server } from '../../../test/msw-server.ts';
import { TutorDirectory } from './tutor-directory.tsx';

const base = {
  subject_id: null,
  category: null,
  education: 'Addis Ababa University',
  years_of_experience: 5,
  teaching_style: 'Patient, with worked examples.',
  hourly_rate: 25,
  average_rating: 4.5,
  total_reviews: 8,
  profile_image: '/images/tutors/x.svg',
  time_zone: 'Africa/Addis_Ababa',
  checks: [] as string[],
};
const abebe = {
  ...base,
  id: 1,
  full_name: 'Abebe Bekele',
  subject: 'math',
  grade_from: 1,
  grade_to: 6,
  bio: 'Short bio.',
};
const hana = {
  ...base,
  id: 2,
  full_name: 'Hana Tesfaye',
  subject: 'Chemistry',
  grade_from: 9,
  grade_to: 12,
  bio: 'B'.repeat(150),
  hourly_rate: 30.5,
  average_rating: 4.26,
  total_reviews: 1,
  checks: ['police_clearance', 'identity'],
};
const yonas = {
  ...base,
  id: 3,
  full_name: 'Yonas Alemu',
  subject: 'Python',
  grade_from: 7,
  grade_to: 10,
  bio: '',
  education: '',
  average_rating: 9,
};
const tutors = [abebe, hana, yonas];

function BookingProbe() {
  const location = useLocation();
  return <p>Booking with state {JSON.stringify(location.state)}</p>;
}

function renderDirectory(url = '/tutors') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/tutors', element: <TutorDirectory /> },
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

const reviewsOf: Record<string, object> = {
  '2': {
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
  },
};
const serve = (body: unknown, status = 200) =>
  server.use(
    http.get('/api/tutors/public/', () => HttpResponse.json(body as object, { status })),
    http.get('/api/tutors/public/:id/reviews/', ({ params }) =>
      HttpResponse.json(reviewsOf[String(params.id)] ?? { average_rating: 0, total_reviews: 0, reviews: [] }),
    ),
  );

const names = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('tutor directory', () => {
  beforeAll(polyfillModalDialogs);
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Loading tutors...' with a spinner, then a card per tutor", async () => {
    serve(tutors);
    renderDirectory();
    expect(screen.getByRole('status')).toHaveTextContent('Loading tutors...');
    await waitFor(() => expect(names()).toEqual(['Abebe Bekele', 'Hana Tesfaye', 'Yonas Alemu']));
    expect(screen.queryByText('Loading tutors...')).not.toBeInTheDocument();
  });

  it('shows every field of a card, with the fallbacks', async () => {
    serve(tutors);
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
    expect(img).toHaveAttribute('sizes');

    const y = within(screen.getByRole('article', { name: 'Yonas Alemu' }));
    expect(y.getByText('No bio available')).toBeInTheDocument();
    expect(y.getByText('Not specified')).toBeInTheDocument();
    expect(y.getByTestId('rating-badge')).toHaveTextContent('5.0★'); // clamped
    expect(y.getByRole('img', { name: '5.0 out of 5 stars' })).toHaveAttribute('data-filled', '5');
  });

  it('loads the first row of images at once and the rest lazily', async () => {
    serve([...tutors, { ...abebe, id: 4, full_name: 'Liya Assefa' }]);
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

  it('filters by search text on name or subject, case-insensitively', async () => {
    serve(tutors);
    renderDirectory();
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    const search = screen.getByPlaceholderText('Search tutors...');
    await userEvent.type(search, 'HANA');
    expect(names()).toEqual(['Hana Tesfaye']);
    await userEvent.clear(search);
    await userEvent.type(search, 'pyth');
    expect(names()).toEqual(['Yonas Alemu']);
  });

  it('filters by mapped subject category, and pressing the active subject again clears it', async () => {
    serve(tutors);
    renderDirectory();
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
    expect(names()).toEqual(['Hana Tesfaye']);
    await userEvent.click(sciences);
    expect(sciences).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: 'All Subjects' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(names()).toHaveLength(3);
    await userEvent.click(within(group).getByRole('button', { name: 'Coding' }));
    expect(names()).toEqual(['Yonas Alemu']);
    await userEvent.click(within(group).getByRole('button', { name: 'All Subjects' }));
    expect(names()).toHaveLength(3);
  });

  it('builds the grade options by the union rule and filters by grade', async () => {
    serve(tutors);
    renderDirectory();
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    const select = screen.getByRole('combobox', { name: 'Grade' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Grades', ...Array.from({ length: 12 }, (_, i) => `Grade ${i + 1}`)]);
    await userEvent.selectOptions(select, 'Grade 9');
    expect(names()).toEqual(['Hana Tesfaye', 'Yonas Alemu']);
    await userEvent.selectOptions(select, 'Grade 6');
    expect(names()).toEqual(['Abebe Bekele']);
    await userEvent.selectOptions(select, 'All Grades');
    expect(names()).toHaveLength(3);
  });

  it('pre-selects the subject of ?subject= case-insensitively', async () => {
    serve(tutors);
    renderDirectory('/tutors?subject=SCIENCES');
    await screen.findByRole('article', { name: 'Hana Tesfaye' });
    expect(names()).toEqual(['Hana Tesfaye']);
    expect(screen.getByRole('button', { name: 'Sciences' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores an unknown ?subject=', async () => {
    serve(tutors);
    renderDirectory('/tutors?subject=history');
    await screen.findByRole('article', { name: 'Hana Tesfaye' });
    expect(names()).toHaveLength(3);
  });

  it("shows the empty state, whose 'Reset Filters' clears search, subject and grade", async () => {
    serve(tutors);
    renderDirectory();
    await screen.findByRole('article', { name: 'Abebe Bekele' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grade' }), 'Grade 9');
    await userEvent.click(screen.getByRole('button', { name: 'Sciences' }));
    await userEvent.type(screen.getByPlaceholderText('Search tutors...'), 'zzz');
    expect(screen.getByText('No tutors found matching your criteria.')).toBeInTheDocument();
    expect(names()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(names()).toHaveLength(3);
    expect(screen.getByPlaceholderText('Search tutors...')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Grade' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'All Subjects' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    ['a server error', () => serve({ detail: 'Boom' }, 500)],
    ['an unexpected shape', () => serve({ items: tutors })],
    // The server answers a bare list (publicTutorListSchema): a wrapped one is not its contract.
    ['a `results` list', () => serve({ results: tutors })],
    ['a `data` list', () => serve({ data: tutors })],
    ['a list of non-objects', () => serve([1, 2])],
    ['a tutor without a field the server always sends', () => serve([{ ...hana, time_zone: undefined }])],
    ['a network failure', () => server.use(http.get('/api/tutors/public/', () => HttpResponse.error()))],
  ])('on %s logs the error and shows the empty state', async (_label, arrange) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    arrange();
    renderDirectory();
    expect(await screen.findByText('No tutors found matching your criteria.')).toBeInTheDocument();
    expect(screen.queryByText('Loading tutors...')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to load tutors:', expect.anything());
  });

  it('opens the Details dialog with every section, and closes it', async () => {
    serve(tutors);
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
    // The vetting checks passed (issue 27), in the families' order.
    expect(d.getByRole('list', { name: 'Checks passed' })).toHaveTextContent(/ID checked.*Police clearance/);
    // The latest families' reviews, with their stars and who wrote them.
    expect(await d.findByRole('heading', { name: 'Latest reviews' })).toBeInTheDocument();
    expect(d.getByText('Clear explanations of titration.')).toBeInTheDocument();
    expect(d.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(d.getByText('Marta A.')).toBeInTheDocument();
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
    serve(tutors);
    renderDirectory();
    await userEvent.click(await screen.findByRole('button', { name: 'Details about Yonas Alemu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Book Session' }));
    expect(await screen.findByText('Booking with state {"tutorId":3}')).toBeInTheDocument();
  });

  it("a card's Book link goes to /booking/form with the tutor id as state", async () => {
    serve(tutors);
    const router = renderDirectory();
    await userEvent.click(await screen.findByRole('link', { name: 'Book Hana Tesfaye' }));
    expect(await screen.findByText('Booking with state {"tutorId":2}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booking/form');
  });

  it('enlarges the profile image in a dialog', async () => {
    serve(tutors);
    renderDirectory();
    await userEvent.click(await screen.findByRole('button', { name: 'Enlarge photo of Abebe Bekele' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo of Abebe Bekele' });
    expect(within(dialog).getByRole('img', { name: 'Abebe Bekele' })).toHaveAttribute(
      'src',
      '/images/tutors/x.svg',
    );
  });

  it('shows the default image when the profile image fails to load, or is missing', async () => {
    serve([abebe, { ...hana, profile_image: '' }]);
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
