/**
 * The online room of a session (issue 14 item 6, issue 30 item 1, decision 267): the tutor's own meeting link when
 * they set one (https only), else a Jitsi room of its own, named from the session's unguessable `roomId`, reached
 * by a link signed for each viewer when the platform has a Jitsi that starts rooms for tokens. With neither,
 * nobody is sent a link that cannot start: the room says the link will come from the tutor. Tutor and family get
 * the link from 15 minutes before the start until the end; the server sends it only inside that window.
 */
export const ROOM_OPENS_MINUTES_BEFORE = 15;

/** Where a session's room comes from: the tutor's own link, a signed Jitsi room, or nowhere yet. */
export const roomProviders = ['own', 'jitsi', 'none'] as const;
export type RoomProvider = (typeof roomProviders)[number];

/** The room's name on Jitsi: `Tibeb-<room id without dashes>`. */
export const roomName = (roomId: string) => `Tibeb-${roomId.replace(/[^0-9a-zA-Z]/g, '')}`;

/** The tutor's own meeting link when it is an https address, else ''. */
export function ownMeetingLink(meetingUrl?: string | null): string {
  const own = (meetingUrl ?? '').trim();
  return own && /^https:\/\/[^\s]+$/i.test(own) ? own : '';
}

/** A Jitsi link that starts audio only (the viewer turns the camera on if the line allows). */
export const audioOnly = (url: string) => `${url}#config.startAudioOnly=true`;

/** When the room opens: 15 minutes before the start. */
export function roomOpensAt(startsAt: Date | string): Date {
  return new Date(new Date(startsAt).getTime() - ROOM_OPENS_MINUTES_BEFORE * 60_000);
}

/** Whether the room is open at `now`: from 15 minutes before the start until the end. */
export function isRoomOpen(startsAt: Date | string, endsAt: Date | string, now: Date = new Date()): boolean {
  return now >= roomOpensAt(startsAt) && now <= new Date(endsAt);
}

/** What a tutor or family is told of a session's room. */
export type SessionRoom = {
  url: string | null;
  /** The same room starting audio only (Jitsi rooms only). */
  audio_url: string | null;
  opens_at: string;
  provider: RoomProvider;
};

/**
 * A session's room for one viewer: the address while open (a scheduled session only), else when it opens.
 * `signedLink` makes the viewer's signed Jitsi link for a room name (null: the platform has no Jitsi).
 */
export function roomFor(
  session: { roomId: string; startsAt: Date | string; endsAt: Date | string; status: string },
  meetingUrl: string | null | undefined,
  signedLink: ((room: string) => string) | null,
  now: Date = new Date(),
): SessionRoom {
  const own = ownMeetingLink(meetingUrl);
  const provider: RoomProvider = own ? 'own' : signedLink ? 'jitsi' : 'none';
  const open = session.status === 'scheduled' && isRoomOpen(session.startsAt, session.endsAt, now);
  const url = !open ? null : own ? own : signedLink ? signedLink(roomName(session.roomId)) : null;
  return {
    url,
    audio_url: url && provider === 'jitsi' ? audioOnly(url) : null,
    opens_at: roomOpensAt(session.startsAt).toISOString(),
    provider,
  };
}
