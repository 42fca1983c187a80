import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { adminTutorItem } from '../../../test/admin-tutor.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TutorsList } from './tutors-list.tsx';

const tutor = (id: number) => adminTutorItem({ id, full_name: `Tutor ${id}` });

/** Manage Tutors pages on the server (decision 243): it asks for one page and shows the server's count. */
describe('Manage Tutors', () => {
  it('reads one page at a time and pages with the count of every tutor', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/admin/tutors/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const page = Number(params.get('page'));
        const first = (page - 1) * 20 + 1;
        return HttpResponse.json({
          count: 45,
          page,
          page_size: 20,
          results: Array.from({ length: page < 3 ? 20 : 5 }, (_, i) => tutor(first + i)),
        });
      }),
    );
    await changeLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<TutorsList />);

    const table = await screen.findByRole('table', { name: 'Tutors' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Page 1 of 3 · 45 tutors')).toBeInTheDocument();
    expect(asked[0]!.get('page')).toBe('1');
    expect(asked[0]!.get('page_size')).toBe('20');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 45 tutors')).toBeInTheDocument();
    const [, first] = within(screen.getByRole('table', { name: 'Tutors' })).getAllByRole('row');
    expect(first).toHaveTextContent('Tutor 21');
    expect(asked.at(-1)!.get('page')).toBe('2');
  });
});
