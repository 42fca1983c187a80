import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { polyfillModalDialogs } from '../../../test/dialog.ts';
import { server } from '../../../test/msw-server.ts';
import { abebe, hana, serveSearch, yonas } from '../utils/tutors.fixtures.ts';
import { TutorDirectory } from './tutor-directory.tsx';

const tutors = [
  { ...abebe, languages: ['Amharic'] },
  { ...hana, bio: 'B.', average_rating: 4.5, total_reviews: 8, hourly_rate: 25, checks: [] },
  yonas,
];

function renderDirectory() {
  serveSearch(tutors);
  server.use(
    http.get('/api/tutors/public/:id/reviews/', () =>
      HttpResponse.json({ average_rating: 0, total_reviews: 0, reviews: [] }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/tutors', element: <TutorDirectory /> }], {
    initialEntries: ['/tutors'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the tutor directory in Amharic', () => {
  beforeAll(polyfillModalDialogs);
  afterEach(() => vi.restoreAllMocks());

  it('filters by search, grade and subject with Amharic labels; tutors’ own texts stay as written', async () => {
    await act(() => changeLanguage('am'));
    renderDirectory();
    expect(screen.getByRole('status')).toHaveTextContent('አስጠኚዎች በመጫን ላይ...');
    expect(await screen.findByText('3 አስጠኚዎች')).toBeInTheDocument();

    const search = screen.getByLabelText('አስጠኚዎችን በስም ወይም በትምህርት ዓይነት ይፈልጉ');
    expect(search).toHaveAttribute('placeholder', 'አስጠኚዎችን ይፈልጉ...');
    const grade = screen.getByLabelText('ክፍል');
    expect(within(grade).getByRole('option', { name: 'ሁሉም ክፍሎች' })).toBeInTheDocument();
    expect(within(grade).getByRole('option', { name: '12ኛ ክፍል' })).toHaveValue('12');

    const subjects = screen.getByRole('group', { name: 'የትምህርት ዓይነት' });
    expect(
      within(subjects)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ሁሉም የትምህርት ዓይነቶች', 'ሂሳብ', 'ሳይንስ', 'ቋንቋዎች', 'ኮዲንግ']);

    await userEvent.click(within(subjects).getByRole('button', { name: 'ሳይንስ' }));
    expect(within(subjects).getByRole('button', { name: 'ሳይንስ' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('1 አስጠኚ')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Hana Tesfaye' });
    expect(within(card).getByText('Chemistry')).toBeInTheDocument(); // the tutor's subject, as written
    expect(within(card).getByText('5 ዓመት')).toBeInTheDocument();
    expect(within(card).getByTestId('hourly-rate')).toHaveTextContent('$25.00/ሰዓት');
    expect(within(card).getByText('(8 ግምገማዎች)')).toBeInTheDocument();
    expect(within(card).getByTestId('next-free')).toHaveTextContent('በሚቀጥሉት ሁለት ሳምንታት ክፍት ሰዓት የለም');

    await userEvent.click(within(subjects).getByRole('button', { name: 'ሳይንስ' }));
    await userEvent.selectOptions(grade, '7');
    expect(await screen.findByText('1 አስጠኚ')).toBeInTheDocument();
    const yonasCard = screen.getByRole('article', { name: 'Yonas Alemu' });
    expect(screen.getByText('መግለጫ የለም')).toBeInTheDocument();
    expect(within(yonasCard).getByTestId('next-free')).toHaveTextContent(/^ቀጣይ ክፍት ሰዓት፦ ማክሰኞ፣ ጁን 16/);
    expect(within(yonasCard).getByTestId('next-free')).toHaveTextContent(/16:00 EAT/);

    await userEvent.selectOptions(grade, '');
    await userEvent.type(search, 'zzz');
    expect(await screen.findByText('ከመስፈርቶችዎ ጋር የሚዛመድ አስጠኚ አልተገኘም።')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ማጣሪያዎችን ያጽዱ' }));
    expect(await screen.findByText('3 አስጠኚዎች')).toBeInTheDocument();
  });

  it('labels the added filters in Amharic', async () => {
    await act(() => changeLanguage('am'));
    renderDirectory();
    await screen.findByText('3 አስጠኚዎች');
    const language = screen.getByRole('combobox', { name: 'የማስተማሪያ ቋንቋ' });
    expect(within(language).getByRole('option', { name: 'አማርኛ' })).toHaveValue('Amharic');
    const day = screen.getByRole('combobox', { name: 'ቀን' });
    expect(within(day).getByRole('option', { name: 'ማክሰኞ' })).toHaveValue('tue');
    const time = screen.getByRole('combobox', { name: 'የቀኑ ክፍል' });
    expect(within(time).getByRole('option', { name: 'ምሽት (17:00–22:00 EAT)' })).toHaveValue('evening');
    expect(screen.getByRole('spinbutton', { name: 'ከፍተኛ $/ሰዓት' })).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'ቅደም ተከተል' });
    expect(within(sort).getByRole('option', { name: 'ዝቅተኛ ዋጋ' })).toHaveValue('price');
    await userEvent.selectOptions(language, 'Amharic');
    expect(await screen.findByText('2 አስጠኚዎች')).toBeInTheDocument();
  });

  it('opens a tutor’s details in Amharic', async () => {
    await act(() => changeLanguage('am'));
    renderDirectory();
    await userEvent.click(await screen.findByRole('button', { name: 'ስለ Abebe Bekele ዝርዝር' }));
    const dialog = screen.getByRole('dialog', { name: 'Abebe Bekele' });
    const d = within(dialog);
    for (const heading of ['ስለ እኔ', 'የትምህርት ዝግጅት', 'ልምድ', 'የማስተማር ዘዴ', 'የሰዓት ክፍያ']) {
      expect(d.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(d.getByText('Short bio.')).toBeInTheDocument();
    expect(d.getByText('Patient, with worked examples.')).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'ትምህርት ይያዙ' })).toHaveAttribute('href', '/booking/form');
    expect(d.getByRole('link', { name: 'የAbebe Bekeleን ሙሉ መገለጫ ይመልከቱ' })).toHaveAttribute(
      'href',
      '/tutors/1-abebe-bekele',
    );
    expect(await d.findByText('እስካሁን ግምገማ የለም።')).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'ዝርዝሩን ይዝጉ' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
