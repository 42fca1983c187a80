import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { adminTutorItem } from '../../../test/admin-tutor.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TutorFilter } from './tutor-filter.tsx';

const names = ['Selam Bekele', 'Selamawit Haile', 'Dawit Girma'];
const tutorItem = (id: number) => adminTutorItem({ id, full_name: names[id - 1] ?? `Tutor ${id}` });

/**
 * The reservations' tutor filter searches the server (decision 243): it never reads every tutor; typing narrows
 * the tutors offered, and the chosen tutor stays offered by name.
 */
describe('the tutor filter of reservations', () => {
  it('offers the first tutors, narrows them by the typed text, keeps the chosen one', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/admin/tutors/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.get('q'));
        expect(params.get('page_size')).toBe('50');
        const q = (params.get('q') ?? '').toLowerCase();
        const results = [1, 2, 3].map(tutorItem).filter((r) => r.full_name.toLowerCase().includes(q));
        return HttpResponse.json({ count: results.length, page: 1, page_size: 50, results });
      }),
      http.get('/api/admin/tutors/:id/', ({ params }) =>
        HttpResponse.json({
          ...tutorItem(Number(params.id)),
          meeting_url: '',
          user_id: null,
          commission_percent: null,
        }),
      ),
    );
    await changeLanguage('en');
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TutorFilter value="3" onChange={onChange} />);

    const select = screen.getByRole('combobox', { name: 'Tutor' });
    expect(await within(select).findByRole('option', { name: 'Selam Bekele' })).toBeInTheDocument();
    expect(select).toHaveValue('3');

    await user.type(screen.getByRole('searchbox', { name: 'Find a tutor' }), 'selam');
    await waitFor(() => expect(asked).toContain('selam'));
    await waitFor(() =>
      expect(within(select).queryByRole('option', { name: 'Selamawit Haile' })).toBeInTheDocument(),
    );
    // Dawit does not match, but he is the chosen tutor: still offered, by name (read by his id).
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All tutors', 'Dawit Girma', 'Selam Bekele', 'Selamawit Haile']);
    await user.selectOptions(select, 'Selamawit Haile');
    expect(onChange).toHaveBeenCalledWith('2');
  });
});
