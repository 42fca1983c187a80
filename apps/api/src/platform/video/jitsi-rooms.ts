import { createHmac, createSign } from 'node:crypto';
import type { JitsiConfig } from '../config.ts';
import { roomOpensAt } from '@tibeb/domain/sessions/room';

/** Who opens a room: the session's tutor (moderator) or its family (participant). */
export type RoomViewer = { id: string; name: string; moderator: boolean };

/** The session's room link for one viewer, valid from the room's opening to the session's end. */
export type RoomLinks = (room: string, viewer: RoomViewer, window: { opensAt: Date; endsAt: Date }) => string;

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Jitsi as a Service (8x8.vc) addresses rooms under the app id and takes its own fixed claims. */
const isJaas = (config: JitsiConfig) => config.signing.alg === 'RS256';

/** A compact JWS (RFC 7515) of `payload`, HS256 with the shared secret or RS256 with the private key. */
export function signRoomToken(config: JitsiConfig, payload: Record<string, unknown>): string {
  const header =
    config.signing.alg === 'HS256'
      ? { alg: 'HS256', typ: 'JWT' }
      : { alg: 'RS256', typ: 'JWT', kid: `${config.appId}/${config.signing.keyId}` };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature =
    config.signing.alg === 'HS256'
      ? createHmac('sha256', config.signing.secret).update(input).digest()
      : createSign('RSA-SHA256').update(input).sign(config.signing.privateKey);
  return `${input}.${base64url(signature)}`;
}

/**
 * Signed room links (issue 30 item 1, decision 267): each token names its one room, holds from the room's opening
 * (15 minutes before the start) to the session's end, and makes the tutor moderator, so the room starts without
 * anyone signing in to a third-party account. A self-hosted Jitsi with token authentication checks `aud`/`iss`
 * (the app id), `sub` (the domain) and `room`; Jitsi as a Service wants `aud: jitsi`, `iss: chat`, `sub` the app
 * id and string booleans. Undefined config: no links (only tutors' own meeting links are sent).
 */
export function jitsiRoomLinks(config: JitsiConfig | undefined): RoomLinks | null {
  if (!config) return null;
  const jaas = isJaas(config);
  return (room, viewer, window) => {
    const user = {
      id: viewer.id,
      name: viewer.name,
      moderator: viewer.moderator ? 'true' : 'false',
      affiliation: viewer.moderator ? 'owner' : 'member',
    };
    const token = signRoomToken(config, {
      aud: jaas ? 'jitsi' : config.appId,
      iss: jaas ? 'chat' : config.appId,
      sub: jaas ? config.appId : config.domain,
      room,
      nbf: seconds(window.opensAt),
      exp: seconds(window.endsAt),
      context: { user, features: {} },
      moderator: viewer.moderator,
    });
    const path = jaas ? `${encodeURIComponent(config.appId)}/${room}` : room;
    return `https://${config.domain}/${path}?jwt=${token}`;
  };
}

/**
 * One viewer's link maker per session (decision 267): for a session's times, the function `roomFor` calls with the
 * room's name, or null when the platform has no Jitsi.
 */
export function viewerRoomLinks(rooms: RoomLinks | null, viewer: RoomViewer) {
  return (session: { starts_at: Date | string; ends_at: Date | string }) =>
    rooms
      ? (room: string) =>
          rooms(room, viewer, { opensAt: roomOpensAt(session.starts_at), endsAt: new Date(session.ends_at) })
      : null;
}
