/**
 * The online room of a session (issue 14 item 6): the tutor's own meeting link when they set one, otherwise a
 * Jitsi Meet room of its own, named from the session's unguessable `roomId`. Tutor and family see it from
 * 15 minutes before the start until the end; the server sends the address only inside that window.
 */
export const ROOM_OPENS_MINUTES_BEFORE = 15;
export const JITSI_BASE = 'https://meet.jit.si/';

/** The meeting address: the tutor's own link (https only), or `meet.jit.si/Tibeb-<room id without dashes>`. */
export function roomAddress(roomId: string, meetingUrl?: string | null): string {
  const own = (meetingUrl ?? '').trim();
  if (own && /^https:\/\/[^\s]+$/i.test(own)) return own;
  return `${JITSI_BASE}Tibeb-${roomId.replace(/[^0-9a-zA-Z]/g, '')}`;
}

/** When the room opens: 15 minutes before the start. */
export function roomOpensAt(startsAt: Date | string): Date {
  return new Date(new Date(startsAt).getTime() - ROOM_OPENS_MINUTES_BEFORE * 60_000);
}

/** Whether the room is open at `now`: from 15 minutes before the start until the end. */
export function isRoomOpen(startsAt: Date | string, endsAt: Date | string, now: Date = new Date()): boolean {
  return now >= roomOpensAt(startsAt) && now <= new Date(endsAt);
}

/** What a tutor or family is told: the address while open (a scheduled session only), else when it opens. */
export function roomFor(
  session: { roomId: string; startsAt: Date | string; endsAt: Date | string; status: string },
  meetingUrl: string | null | undefined,
  now: Date = new Date(),
): { url: string | null; opens_at: string } {
  const open = session.status === 'scheduled' && isRoomOpen(session.startsAt, session.endsAt, now);
  return {
    url: open ? roomAddress(session.roomId, meetingUrl) : null,
    opens_at: roomOpensAt(session.startsAt).toISOString(),
  };
}
