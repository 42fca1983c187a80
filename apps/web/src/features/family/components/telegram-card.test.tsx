import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TelegramStatus } from '@tibeb/domain/messaging/telegram';
import { server } from '../../../test/msw-server.ts';
import { TelegramCard } from './telegram-card.tsx';

let reads = 0;

function show(status: TelegramStatus) {
  let current = status;
  server.use(
    http.get('/api/student/telegram/', () => {
      reads += 1;
      return HttpResponse.json(current);
    }),
    http.delete('/api/student/telegram/', () => {
      current = { ...current, linked: false };
      return HttpResponse.json(current);
    }),
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TelegramCard />
    </QueryClientProvider>,
  );
}

const link = 'https://t.me/TibebLessonsBot?start=abcdefghijklmnopqrstuvwxyz012345';

/** Issue 30 item 6, decision 268. */
describe('TelegramCard', () => {
  it('offers the bot’s one-time start link', async () => {
    show({ available: true, linked: false, start_link: link });
    expect(await screen.findByRole('link', { name: /Connect Telegram/ })).toHaveAttribute('href', link);
  });

  it('once connected, says what comes there and stops it', async () => {
    show({ available: true, linked: true, start_link: link });
    expect(
      await screen.findByText('Lesson reminders, cancellations and moves come to your Telegram.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stop Telegram messages' }));
    expect(await screen.findByRole('link', { name: /Connect Telegram/ })).toBeInTheDocument();
  });

  it('shows nothing when the platform has no bot', async () => {
    const before = reads;
    const { container } = show({ available: false, linked: false, start_link: null });
    await expect.poll(() => reads).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 0));
    expect(container).toBeEmptyDOMElement();
  });
});
