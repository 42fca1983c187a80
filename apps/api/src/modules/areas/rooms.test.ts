import { createHmac, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JitsiConfig } from '../../platform/config.ts';
import { jitsiRoomLinks } from '../../platform/video/jitsi-rooms.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { account, booking, tutorAccount, type Account } from './test/fixtures.repository.ts';

const MIN = 60_000;
const secret = 'a-jitsi-app-secret-for-tests';
const jitsi: JitsiConfig = { domain: 'meet.example.org', appId: 'tibeb', signing: { alg: 'HS256', secret } };

/** A token's header and claims, after checking its HS256 signature with the shared secret. */
function verified(url: string) {
  const token = new URL(url).searchParams.get('jwt')!;
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString()),
  };
}

/** Issue 30 item 1, decision 267: rooms that start, for the session's tutor (moderator) and family only. */
describe('signed lesson rooms', () => {
  let t: TestApp;
  let tutor: Account & { tutorId: number };
  let family: Account;
  let stranger: Account;
  let session: { id: string; roomId: string };
  let startsAt: Date;

  beforeAll(async () => {
    t = await createTestApp({ jitsi });
    const jwt = t.config.jwtSecret;
    tutor = await tutorAccount(t.app.db, jwt, 'Abebe Bekele');
    family = await account(t.app.db, jwt, 'student', 'Almaz Kebede');
    stranger = await account(t.app.db, jwt, 'student', 'Other Family');
    startsAt = new Date(Math.ceil((Date.now() + 10 * MIN) / 1000) * 1000);
    const b = await booking(t.app.db, tutor.tutorId, family, [startsAt], { student: 'Liya Kebede' });
    session = b.sessions[0]!;
  });
  afterAll(() => t.close());

  const get = (url: string, auth: { authorization: string }) =>
    t.app.inject({ method: 'GET', url, headers: auth });
  const room = (id: string) => `Tibeb-${id.replace(/-/g, '')}`;

  it('the tutor gets a moderator token for that one room, from 15 minutes before the start to the end', async () => {
    const body = (await get('/api/tutor/overview/', tutor.auth)).json();
    const link = body.next_session.room as { url: string; audio_url: string; provider: string };
    expect(link.provider).toBe('jitsi');
    expect(link.url.startsWith(`https://meet.example.org/${room(session.roomId)}?jwt=`)).toBe(true);
    expect(link.audio_url).toBe(`${link.url}#config.startAudioOnly=true`);
    const { header, claims } = verified(link.url);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims).toMatchObject({
      aud: 'tibeb',
      iss: 'tibeb',
      sub: 'meet.example.org',
      room: room(session.roomId),
      nbf: startsAt.getTime() / 1000 - 15 * 60,
      exp: startsAt.getTime() / 1000 + 60 * 60,
      moderator: true,
      context: { user: { id: tutor.id, name: 'Abebe Bekele', moderator: 'true', affiliation: 'owner' } },
    });
  });

  it('the family gets a participant token under its name; another family gets no room of it', async () => {
    const body = (await get('/api/student/overview/', family.auth)).json();
    const mine = body.upcoming.find((s: { id: string }) => s.id === session.id);
    const { claims } = verified(mine.room.url);
    expect(claims).toMatchObject({
      room: room(session.roomId),
      moderator: false,
      context: { user: { id: family.id, moderator: 'false', affiliation: 'member' } },
    });
    const theirs = (await get('/api/student/overview/', stranger.auth)).json();
    expect(JSON.stringify(theirs)).not.toContain(room(session.roomId));
  });

  it('Jitsi as a Service: RS256 with the key id, its fixed claims and the app id in the address', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const links = jitsiRoomLinks({
      domain: '8x8.vc',
      appId: 'vpaas-magic-cookie-abc',
      signing: {
        alg: 'RS256',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        keyId: 'k1',
      },
    })!;
    const url = links(
      'Tibeb-1',
      { id: 'u1', name: 'Almaz', moderator: false },
      { opensAt: new Date('2030-01-01T09:45:00Z'), endsAt: new Date('2030-01-01T11:00:00Z') },
    );
    expect(url.startsWith('https://8x8.vc/vpaas-magic-cookie-abc/Tibeb-1?jwt=')).toBe(true);
    const token = new URL(url).searchParams.get('jwt')!;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const ok = createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(publicKey, signature, 'base64url');
    expect(ok).toBe(true);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
      alg: 'RS256',
      kid: 'vpaas-magic-cookie-abc/k1',
    });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      aud: 'jitsi',
      iss: 'chat',
      sub: 'vpaas-magic-cookie-abc',
      room: 'Tibeb-1',
      context: { user: { moderator: 'false' } },
    });
  });
});
