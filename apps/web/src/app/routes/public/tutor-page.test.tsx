import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  abebe,
  hana,
  review,
  searchItem,
  serveTutor,
  tutorPage,
} from '../../../features/tutors/utils/tutors.fixtures.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { PageHeadContext, type PageHead } from '../../../lib/page-meta.ts';
import { polyfillModalDialogs } from '../../../test/dialog.ts';
import { server } from '../../../test/msw-server.ts';
import TutorPage from './tutor-page.tsx';

function BookingProbe() {
  const location = useLocation();
  return <p>Booking with state {JSON.stringify(location.state)}</p>;
}

/** Renders `/tutors/:tutor` as the server does: the page's head is recorded (the last one spoken wins). */
function renderPage(url: string) {
  const heads: PageHead[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/tutors/:tutor', element: <TutorPage /> },
      { path: '/tutors', element: <p>Directory</p> },
      { path: '/booking/form', element: <BookingProbe /> },
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

const abebePage = tutorPage(
  {
    ...abebe,
    bio: 'I teach mathematics with patience.\nEvery step is explained.',
    checks: ['identity', 'interview'],
  },
  { total_reviews: 7, average_rating: 4.57 },
);
const sevenReviews = Array.from({ length: 7 }, (_, i) => review(i + 1, { rating: i === 0 ? 4 : 5 }));
const inNewYork = () =>
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat('en').resolvedOptions(),
    timeZone: 'America/New_York',
  });

describe('a tutor’s page', () => {
  beforeAll(polyfillModalDialogs);
  afterEach(() => vi.restoreAllMocks());

  it('shows the whole profile: photo, about, education, experience, style, languages, grades, rate and checks', async () => {
    serveTutor(abebePage, sevenReviews);
    renderPage('/tutors/1-abebe-bekele');
    expect(screen.getByRole('status')).toHaveTextContent('Loading tutor...');
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Abebe Bekele' });
    expect(h1).toBeInTheDocument();
    expect(screen.getByText('math tutor')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Abebe Bekele' })).toHaveAttribute('src', '/images/tutors/x.svg');
    expect(screen.getByRole('img', { name: '4.6 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('(7 reviews)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Checks passed' })).toHaveTextContent(/ID checked.*Interviewed/);
    expect(screen.getByTestId('hourly-rate')).toHaveTextContent('$25.00/hr');
    const section = (name: string) => screen.getByRole('region', { name });
    expect(section('About Me')).toHaveTextContent(
      'I teach mathematics with patience. Every step is explained.',
    );
    expect(section('Teaching Style')).toHaveTextContent('Patient, with worked examples.');
    expect(section('Education')).toHaveTextContent('Addis Ababa University');
    expect(section('Experience')).toHaveTextContent('5 years');
    expect(section('Languages')).toHaveTextContent('Amharic, English');
    expect(section('Grades')).toHaveTextContent('Grades 1 to 6');
    expect(section('Hourly Rate')).toHaveTextContent('$25.00/hr');
    // One h1, then h2s: the headings' order holds.
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.slice(1).every((level) => level === 2)).toBe(true);
  });

  it('lists the free times this week in EAT, with the visitor’s own time beside them', async () => {
    inNewYork();
    serveTutor(abebePage, sevenReviews);
    renderPage('/tutors/1-abebe-bekele');
    const free = within(await screen.findByRole('list', { name: 'Free times this week' }));
    expect(free.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Tue 16 Jun, 16:00 EAT · 09:00 your time (New York)',
      'Thu 18 Jun, 09:30 EAT · 02:30 your time (New York)',
    ]);
  });

  it('says when no time is free this week', async () => {
    serveTutor({ ...abebePage, next_free_times: [] }, []);
    renderPage('/tutors/1-abebe-bekele');
    expect(await screen.findByText('No free time left this week.')).toBeInTheDocument();
  });

  it('pages the reviews: five, then "More reviews" for the rest (by offset)', async () => {
    const log = serveTutor(abebePage, sevenReviews);
    renderPage('/tutors/1-abebe-bekele');
    const reviews = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(reviews).getAllByRole('listitem')).toHaveLength(5);
    expect(within(reviews).getByText('Review number 1.')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(reviews).getAllByText('1 May 2026')).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 7 reviews')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More reviews' }));
    await waitFor(() => expect(within(reviews).getAllByRole('listitem')).toHaveLength(7));
    expect(within(reviews).getByText('Review number 7.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
    expect(log).toEqual(['?limit=5', '?limit=5&offset=5']);
  });

  it('says when nobody has reviewed the tutor yet', async () => {
    serveTutor(abebePage, []);
    renderPage('/tutors/1-abebe-bekele');
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('books this tutor as the directory does', async () => {
    serveTutor(abebePage, []);
    renderPage('/tutors/1-abebe-bekele');
    const [book] = await screen.findAllByRole('link', { name: 'Book Abebe Bekele' });
    // What a screen reader announces is what the button shows (Lighthouse's label-content-name-mismatch).
    expect(book).toHaveTextContent(/^Book Abebe Bekele$/);
    expect(book).not.toHaveAttribute('aria-label');
    await userEvent.click(book!);
    expect(await screen.findByText('Booking with state {"tutorId":1}')).toBeInTheDocument();
  });

  it('has its own title, description, canonical address, Open Graph image and JSON-LD', async () => {
    serveTutor(abebePage, sevenReviews);
    const { head } = renderPage('/tutors/1-abebe-bekele');
    await screen.findByRole('heading', { level: 1, name: 'Abebe Bekele' });
    expect(head()).toEqual({
      title: 'Abebe Bekele — math tutor',
      description: 'I teach mathematics with patience. Every step is explained.',
      canonical: '/tutors/1-abebe-bekele',
      image: '/images/tutors/x.svg',
      type: 'profile',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Abebe Bekele',
        url: '/tutors/1-abebe-bekele',
        image: '/images/tutors/x.svg',
        description: 'I teach mathematics with patience. Every step is explained.',
        jobTitle: 'math tutor',
        knowsLanguage: ['Amharic', 'English'],
        makesOffer: {
          '@type': 'Offer',
          itemOffered: {
            '@type': 'Service',
            name: 'math tutoring',
            serviceType: 'math',
            provider: { '@type': 'Person', name: 'Abebe Bekele' },
          },
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: 25,
            priceCurrency: 'USD',
            unitCode: 'HUR',
            unitText: 'hour',
          },
        },
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: 4.57,
          reviewCount: 7,
          bestRating: 5,
          worstRating: 1,
        },
      },
    });
    await waitFor(() => expect(document.title).toBe('Abebe Bekele — math tutor | Tibeb Tutoring'));
    const script = document.head.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script!.textContent!)).toMatchObject({ '@type': 'Person', name: 'Abebe Bekele' });
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/tutors/1-abebe-bekele`,
    );
  });

  it('leaves the rating out of the JSON-LD without reviews, and cuts a long bio to 160 characters', async () => {
    const word = 'W'.repeat(300);
    serveTutor(tutorPage({ ...hana, bio: `${word} and more` }, { total_reviews: 0, average_rating: 0 }), []);
    const { head } = renderPage('/tutors/2-hana-tesfaye');
    await screen.findByRole('heading', { level: 1, name: 'Hana Tesfaye' });
    const meta = head()!;
    expect(meta.jsonLd).not.toHaveProperty('aggregateRating');
    expect(meta.description).toHaveLength(160);
    expect(meta.description.endsWith('…')).toBe(true);
    // The whole bio is on the page.
    expect(screen.getByRole('region', { name: 'About Me' })).toHaveTextContent(word);
  });

  it('describes a tutor without a bio by subject and grades', async () => {
    serveTutor(tutorPage({ ...abebe, bio: '' }), []);
    const { head } = renderPage('/tutors/1-abebe-bekele');
    await screen.findByRole('heading', { level: 1, name: 'Abebe Bekele' });
    expect(head()!.description).toBe(
      'Abebe Bekele teaches math online to grades 1 to 6. Book weekly one-to-one lessons.',
    );
  });

  it.each([['/tutors/1'], ['/tutors/1-old-name'], ['/tutors/1-ABEBE-BEKELE']])(
    'sends %s to the canonical address',
    async (url) => {
      serveTutor(abebePage, []);
      const { router, head } = renderPage(url);
      await screen.findByRole('heading', { level: 1, name: 'Abebe Bekele' });
      expect(router.state.location.pathname).toBe('/tutors/1-abebe-bekele');
      expect(head()).toMatchObject({ canonical: '/tutors/1-abebe-bekele' });
      expect(head()?.status).toBeUndefined();
    },
  );

  it('answers an unknown tutor with the 404 page and status 404', async () => {
    serveTutor(abebePage, []);
    const { head, router } = renderPage('/tutors/99-nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(head()).toMatchObject({ title: 'Page not found', status: 404 });
    expect(router.state.location.pathname).toBe('/tutors/99-nobody');
  });

  it('answers an address that names no tutor with 404 without asking the server', async () => {
    const { head } = renderPage('/tutors/abebe');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(head()).toMatchObject({ status: 404 });
  });

  it('says the tutor could not be loaded when the server fails (503, not a 404)', async () => {
    server.use(
      http.get('/api/tutors/public/:id/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
      http.get('/api/tutors/public/:id/reviews/', () =>
        HttpResponse.json({ detail: 'Boom' }, { status: 500 }),
      ),
    );
    const { head } = renderPage('/tutors/1-abebe-bekele');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This tutor could not be loaded' }),
    ).toBeInTheDocument();
    expect(head()).toMatchObject({ status: 503 });
    serveTutor(abebePage, []);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Abebe Bekele' })).toBeInTheDocument();
  });

  it('is in Amharic, the tutor’s own words as written', async () => {
    await act(() => changeLanguage('am'));
    serveTutor(abebePage, sevenReviews);
    const { head } = renderPage('/tutors/1-abebe-bekele');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abebe Bekele' })).toBeInTheDocument();
    expect(screen.getByText('የmath አስጠኚ')).toBeInTheDocument();
    for (const name of ['ስለ እኔ', 'የማስተማር ዘዴ', 'ቋንቋዎች', 'ክፍሎች', 'በዚህ ሳምንት ክፍት ሰዓቶች', 'ግምገማዎች']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'ቋንቋዎች' })).toHaveTextContent('አማርኛ, እንግሊዝኛ');
    expect(screen.getByRole('region', { name: 'ክፍሎች' })).toHaveTextContent('ከ1ኛ እስከ 6ኛ ክፍል');
    expect(await screen.findByRole('button', { name: 'ተጨማሪ ግምገማዎች' })).toBeInTheDocument();
    expect(head()!.title).toBe('Abebe Bekele — የmath አስጠኚ');
  });

  it('shows a tutor with an Ethiopic name at /tutors/{id}-tutor', async () => {
    serveTutor(tutorPage(searchItem({ id: 5, full_name: 'ሀና ተስፋዬ' })), []);
    const { router } = renderPage('/tutors/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'ሀና ተስፋዬ' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tutors/5-tutor');
  });
});
