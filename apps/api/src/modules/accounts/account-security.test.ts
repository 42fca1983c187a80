import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { signAccessToken } from '../../platform/auth/tokens.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
  readReservation,
} from '../bookings/payments/test/fixtures.ts';
import { bearer, createUser, decodeMail, loginAs, signUpAndConfirm, uniq } from './accounts.test-helpers.ts';
import { issuePasswordToken } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';

/** Issue 12: what an attacker would use first, on the accounts side. */
describe('account security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const post = (
    url: string,
    payload: unknown,
    remoteAddress = `10.50.${uniq().length}.${Math.floor(Math.random() * 250)}`,
  ) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const me = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: bearer(access) });
  const adminList = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/users/', headers: bearer(access) });

  describe('tokens (item 1)', () => {
    it('refuses a well-signed token whose subject is not an account, or carries no expiry', async () => {
      const ghost = await signAccessToken(
        { sub: randomUUID(), role: 'admin', username: 'ghost' },
        t.config.jwtSecret,
      );
      expect((await adminList(ghost)).statusCode).toBe(401);
      const admin = await createUser(t.app, 'admin');
      const forever = await new SignJWT({ role: 'admin', username: admin.username, ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(admin.id)
        .sign(new TextEncoder().encode(t.config.jwtSecret));
      expect((await adminList(forever)).statusCode).toBe(401);
      const real = await loginAs(t.app, admin);
      expect((await adminList(real.access)).statusCode).toBe(200);
    });

    it('refuses a token signed with the old fixed development key', async () => {
      const admin = await createUser(t.app, 'admin');
      const old = await signAccessToken(
        { sub: admin.id, role: 'admin', username: admin.username },
        'development-only-secret-not-for-production-use',
      );
      expect((await adminList(old)).statusCode).toBe(401);
    });
  });

  describe('access ends when it should (item 6)', () => {
    it('a deactivated user’s access token stops at once', async () => {
      const admin = await loginAs(t.app, await createUser(t.app, 'admin'));
      const user = await createUser(t.app, 'student');
      const pair = await loginAs(t.app, user);
      expect((await me(pair.access)).statusCode).toBe(200);
      const off = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}/`,
        headers: bearer(admin.access),
        payload: { is_active: false },
      });
      expect(off.statusCode).toBe(200);
      expect((await me(pair.access)).statusCode).toBe(401);
    });

    it('a demoted admin loses the admin area at once', async () => {
      const owner = await loginAs(t.app, await createUser(t.app, 'admin'));
      const staff = await createUser(t.app, 'admin');
      const pair = await loginAs(t.app, staff);
      expect((await adminList(pair.access)).statusCode).toBe(200);
      const demote = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${staff.id}/`,
        headers: bearer(owner.access),
        payload: { role: 'student' },
      });
      expect(demote.statusCode).toBe(200);
      expect((await adminList(pair.access)).statusCode).toBe(401);
    });

    it('an access token stops working after logout; another device refreshes into a new one', async () => {
      const user = await createUser(t.app, 'tutor');
      const laptop = await loginAs(t.app, user);
      const phone = await loginAs(t.app, user);
      expect((await post('/api/accounts/logout/', { refresh: laptop.refresh })).statusCode).toBe(204);
      expect((await me(laptop.access)).statusCode).toBe(401);
      expect((await me(phone.access)).statusCode).toBe(401);
      const renewed = await post('/api/accounts/refresh/', { refresh: phone.refresh });
      expect(renewed.statusCode).toBe(200);
      expect((await me(renewed.json().access)).statusCode).toBe(200);
      expect((await post('/api/accounts/refresh/', { refresh: laptop.refresh })).statusCode).toBe(401);
    });

    it('a new password through a reset link ends the access tokens already handed out', async () => {
      const user = await createUser(t.app, 'student');
      const pair = await loginAs(t.app, user);
      const token = await issuePasswordToken(t.app.db, user.id, 'reset');
      expect(
        (await post('/api/accounts/password-reset/confirm/', { token, password: 'new-pass-77' })).statusCode,
      ).toBe(200);
      expect((await me(pair.access)).statusCode).toBe(401);
    });
  });

  describe('two tabs do not sign a user out (item 8)', () => {
    it('ten simultaneous refreshes with one token all get the same new pair, which works', async () => {
      const user = await createUser(t.app, 'student');
      const pair = await loginAs(t.app, user);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post('/api/accounts/refresh/', { refresh: pair.refresh })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const refreshes = new Set(answers.map((r) => r.json().refresh));
      expect(refreshes.size).toBe(1);
      const [next] = [...refreshes];
      expect(next).not.toBe(pair.refresh);
      for (const r of answers) expect((await me(r.json().access)).statusCode).toBe(200);
      const onward = await post('/api/accounts/refresh/', { refresh: next });
      expect(onward.statusCode).toBe(200);
    });

    it('reuse after the grace window still revokes the whole chain', async () => {
      const user = await createUser(t.app, 'student');
      const pair = await loginAs(t.app, user);
      const next = (await post('/api/accounts/refresh/', { refresh: pair.refresh })).json();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31_000);
      expect((await post('/api/accounts/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
      expect((await post('/api/accounts/refresh/', { refresh: next.refresh })).statusCode).toBe(401);
    });
  });

  describe('accounts belong to the people who prove their e-mail (item 5)', () => {
    const linkToken = (mail: string, page: string) => {
      const m = new RegExp(`${page}\\?token=([\\w%-]+)`).exec(decodeMail(mail));
      return m ? decodeURIComponent(m[1]!) : null;
    };

    it('links a guest’s booking to a new account only once its e-mail is verified', async () => {
      const name = `family_${uniq()}`;
      const email = `${name}@example.test`;
      const tutor = await createTutor(t.app.db);
      const { reservation } = await createHeldReservation(t.app.db, {
        tutorId: tutor.id,
        firstStart: futureMonday(3),
        email: email.toUpperCase(),
      });
      const res = await post('/api/accounts/register/', { username: name, email, password: 'squat-pass-1' });
      expect(res.statusCode).toBe(201);
      // Nothing exists until the address is proved (decision 220).
      expect(await repo.findUserByEmail(t.app.db, email)).toBeUndefined();
      expect((await readReservation(t.app.db, reservation.id)).reservation.familyUserId).toBeNull();

      const [mail] = await t.app.mailer.readOutbox(email);
      const token = linkToken(mail!, 'verify-email');
      expect(token).toBeTruthy();
      // A verification link is not a password link.
      const asReset = await post('/api/accounts/password-reset/confirm/', {
        token,
        password: 'taken-over-1',
      });
      expect(asReset.statusCode).toBe(400);

      const ok = await post('/api/accounts/verify-email/', { token });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().detail).toBe(accountMessages.emailVerified);
      const account = await repo.findUserByEmail(t.app.db, email);
      expect(account).toMatchObject({ username: name, role: 'student' });
      expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await readReservation(t.app.db, reservation.id)).reservation.familyUserId).toBe(account!.id);
      // Once only.
      expect((await post('/api/accounts/verify-email/', { token })).statusCode).toBe(400);
      expect((await post('/api/accounts/verify-email/', { token: 'made-up' })).statusCode).toBe(400);
    });

    it('the set-password link of a family account verifies its e-mail too', async () => {
      const user = await createUser(t.app, 'student');
      const token = await issuePasswordToken(t.app.db, user.id, 'set_password');
      expect(
        (await post('/api/accounts/password-reset/confirm/', { token, password: 'family-pass-9' }))
          .statusCode,
      ).toBe(200);
      expect((await repo.findUserById(t.app.db, user.id))?.emailVerifiedAt).toBeInstanceOf(Date);
    });

    it('sign-up answers the same for a registered e-mail, creates nothing, and tells the owner', async () => {
      const owner = await createUser(t.app, 'student');
      const fresh = `new_${uniq()}`;
      const fresh2 = `squat_${uniq()}`;
      const a = await post('/api/accounts/register/', {
        username: fresh,
        email: `${fresh}@example.test`,
        password: 'some-pass-12',
      });
      const b = await post('/api/accounts/register/', {
        username: fresh2,
        email: owner.email.toUpperCase(),
        password: 'some-pass-12',
      });
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.json()).toEqual(a.json());
      expect(await repo.findUserByLogin(t.app.db, fresh2)).toBeUndefined();
      const mails = (await t.app.mailer.readOutbox(owner.email)).map(decodeMail);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('already has an account');
      expect(mails[0]).not.toContain(fresh2);
    });
  });

  describe('names in Ethiopic are names (item 11)', () => {
    it('registers and signs in አበበ; a phone number is a username too', async () => {
      for (const username of [
        `አበበ${uniq().slice(0, 3)}`,
        `ሙሉጌታ_ተ${uniq().slice(0, 3)}`,
        `+2519${Date.now() % 1e8}`,
      ]) {
        await signUpAndConfirm(t.app, { username, email: `u${uniq()}@example.test`, password: 'selam-2025' });
        expect((await loginAs(t.app, { username, password: 'selam-2025' })).role).toBe('student');
      }
      const bad = await post('/api/accounts/register/', {
        username: 'a b<script>',
        email: `u${uniq()}@example.test`,
        password: 'selam-2025',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(accountMessages.usernameInvalid);
    });

    it('accepts phone numbers that are numbers, and refuses words as phone numbers', async () => {
      const admin = await loginAs(t.app, await createUser(t.app, 'admin'));
      const create = (phone: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/users/',
          headers: bearer(admin.access),
          payload: { username: `p${uniq()}`, email: `p${uniq()}@example.test`, role: 'staff', phone },
        });
      expect((await create('+251 911 234 567')).statusCode).toBe(201);
      expect((await create('(011) 123-4567')).statusCode).toBe(201);
      const words = await create('call me maybe');
      expect(words.statusCode).toBe(400);
      expect(words.json().errors.phone).toEqual([accountMessages.phoneInvalid]);
    });
  });
});
