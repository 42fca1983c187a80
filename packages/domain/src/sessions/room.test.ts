import { describe, expect, it } from 'vitest';
import { isRoomOpen, ownMeetingLink, roomFor, roomName } from './room.ts';

const roomId = '3f2b8a4c-1d2e-4f5a-9b8c-7d6e5f4a3b2c';
const start = new Date('2026-12-01T14:00:00Z');
const end = new Date('2026-12-01T15:00:00Z');

describe('session room (decision 267)', () => {
  const signed = (room: string) => `https://meet.example.org/${room}?jwt=token`;
  const s = { roomId, startsAt: start, endsAt: end, status: 'scheduled' };
  const during = new Date('2026-12-01T13:50:00Z');

  it('is the tutor’s own https link, else a signed Jitsi room named from the room id, else none', () => {
    expect(roomName(roomId)).toBe('Tibeb-3f2b8a4c1d2e4f5a9b8c7d6e5f4a3b2c');
    expect(ownMeetingLink(' https://zoom.us/j/123 ')).toBe('https://zoom.us/j/123');
    expect(ownMeetingLink('javascript:alert(1)')).toBe('');
    expect(roomFor(s, 'https://zoom.us/j/123', signed, during)).toEqual({
      url: 'https://zoom.us/j/123',
      audio_url: null,
      opens_at: '2026-12-01T13:45:00.000Z',
      provider: 'own',
    });
    const jitsi = roomFor(s, '', signed, during);
    expect(jitsi).toMatchObject({
      url: 'https://meet.example.org/Tibeb-3f2b8a4c1d2e4f5a9b8c7d6e5f4a3b2c?jwt=token',
      provider: 'jitsi',
    });
    expect(jitsi.audio_url).toBe(`${jitsi.url}#config.startAudioOnly=true`);
    // No Jitsi and no own link: nobody is sent a link that cannot start.
    expect(roomFor(s, '', null, during)).toMatchObject({ url: null, provider: 'none' });
  });

  it('opens 15 minutes before the start and closes at the end', () => {
    expect(isRoomOpen(start, end, new Date('2026-12-01T13:44:59Z'))).toBe(false);
    expect(isRoomOpen(start, end, new Date('2026-12-01T13:45:00Z'))).toBe(true);
    expect(isRoomOpen(start, end, new Date('2026-12-01T15:00:00Z'))).toBe(true);
    expect(isRoomOpen(start, end, new Date('2026-12-01T15:00:01Z'))).toBe(false);
  });

  it('gives the address only for a scheduled session inside the window', () => {
    const early = roomFor(s, '', signed, new Date('2026-12-01T13:00:00Z'));
    expect(early).toEqual({
      url: null,
      audio_url: null,
      opens_at: '2026-12-01T13:45:00.000Z',
      provider: 'jitsi',
    });
    expect(roomFor({ ...s, status: 'cancelled' }, '', signed, during).url).toBeNull();
  });
});

describe('week arithmetic', async () => {
  const { addDays, mondayOf } = await import('./tutor-area.ts');
  it('finds the Monday of a week and adds days across months', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-12-02')).toBe('2026-11-30');
    expect(addDays('2026-11-30', 7)).toBe('2026-12-07');
  });
});
