import { describe, expect, it } from 'vitest';
import { isRoomOpen, roomAddress, roomFor } from './room.ts';

const roomId = '3f2b8a4c-1d2e-4f5a-9b8c-7d6e5f4a3b2c';
const start = new Date('2026-12-01T14:00:00Z');
const end = new Date('2026-12-01T15:00:00Z');

describe('session room', () => {
  it('is a Jitsi room named from the room id unless the tutor has an own https link', () => {
    expect(roomAddress(roomId)).toBe('https://meet.jit.si/Tibeb-3f2b8a4c1d2e4f5a9b8c7d6e5f4a3b2c');
    expect(roomAddress(roomId, ' https://zoom.us/j/123 ')).toBe('https://zoom.us/j/123');
    expect(roomAddress(roomId, 'javascript:alert(1)')).toMatch(/^https:\/\/meet\.jit\.si\//);
  });

  it('opens 15 minutes before the start and closes at the end', () => {
    expect(isRoomOpen(start, end, new Date('2026-12-01T13:44:59Z'))).toBe(false);
    expect(isRoomOpen(start, end, new Date('2026-12-01T13:45:00Z'))).toBe(true);
    expect(isRoomOpen(start, end, new Date('2026-12-01T15:00:00Z'))).toBe(true);
    expect(isRoomOpen(start, end, new Date('2026-12-01T15:00:01Z'))).toBe(false);
  });

  it('gives the address only for a scheduled session inside the window', () => {
    const s = { roomId, startsAt: start, endsAt: end, status: 'scheduled' };
    const early = roomFor(s, '', new Date('2026-12-01T13:00:00Z'));
    expect(early).toEqual({ url: null, opens_at: '2026-12-01T13:45:00.000Z' });
    expect(roomFor(s, '', new Date('2026-12-01T13:50:00Z')).url).toContain('meet.jit.si/Tibeb-');
    expect(roomFor({ ...s, status: 'cancelled' }, '', new Date('2026-12-01T13:50:00Z')).url).toBeNull();
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
