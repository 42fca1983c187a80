import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CommissionForm } from './commission-form.tsx';

const profile = (commission: number | null) => ({ commission_percent: commission });

describe('the tutor’s own commission', () => {
  it('shows it, saves a new one, and sends null when emptied (the default)', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/admin/tutors/7/', () => HttpResponse.json(profile(10))),
      http.patch('/api/admin/tutors/7/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(profile(null));
      }),
    );
    renderWithProviders(<CommissionForm tutorId={7} />);
    const input = await screen.findByLabelText('Commission (%)');
    expect(input).toHaveValue(10);
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    await waitFor(() => expect(sent).toEqual([{ commission_percent: null }]));
    expect(await screen.findByText('Commission saved.')).toBeInTheDocument();
    await userEvent.type(input, '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    await waitFor(() => expect(sent).toContainEqual({ commission_percent: 12.5 }));
  });
});
