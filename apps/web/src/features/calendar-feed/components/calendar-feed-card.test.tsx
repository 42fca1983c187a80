import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

describe('CalendarFeedCard', () => {
  it('creates a secret address, replaces it, and turns it off', async () => {
    let n = 0;
    let current: string | null = null;
    server.use(
      http.get('/api/student/calendar-token/', () => HttpResponse.json({ url: current })),
      http.post('/api/student/calendar-token/', () => {
        current = `http://localhost/api/calendar/token${(n += 1)}.ics`;
        return HttpResponse.json({ url: current });
      }),
      http.delete('/api/student/calendar-token/', () => {
        current = null;
        return HttpResponse.json({ url: null });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CalendarFeedCard area="student" />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    expect(await screen.findByLabelText('Your calendar address')).toHaveValue(
      'http://localhost/api/calendar/token1.ics',
    );
    expect(screen.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      'webcal://localhost/api/calendar/token1.ics',
    );
    await user.click(screen.getByRole('button', { name: 'Replace address' }));
    await expect
      .poll(() => (screen.getByLabelText('Your calendar address') as HTMLInputElement).value)
      .toBe('http://localhost/api/calendar/token2.ics');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create calendar address' })).toBeInTheDocument();
  });
});
