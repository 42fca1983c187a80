import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Room } from '@tibeb/domain/sessions/tutor-area';
import { RoomLink } from './room-link.tsx';

const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
const opens = new Date(Date.now() - 10 * 60_000).toISOString();

function show(room: Room) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RoomLink room={room} startsAt={startsAt} status="scheduled" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Issue 30 item 1, decision 267: a room that starts, audio only, or the way to one. */
describe('RoomLink', () => {
  it('offers the signed room and the same room audio only', () => {
    const url = 'https://meet.example.org/Tibeb-1?jwt=t';
    show({ url, audio_url: `${url}#config.startAudioOnly=true`, opens_at: opens, provider: 'jitsi' });
    expect(screen.getByRole('link', { name: /Join the online room/ })).toHaveAttribute('href', url);
    expect(screen.getByRole('link', { name: /Audio only/ })).toHaveAttribute(
      'href',
      `${url}#config.startAudioOnly=true`,
    );
  });

  it('without a room on the platform, sends the tutor to its own meeting link', () => {
    show({ url: null, audio_url: null, opens_at: opens, provider: 'none' });
    expect(screen.getByText(/No online room: add your own meeting link in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/tutor/profile');
  });
});
