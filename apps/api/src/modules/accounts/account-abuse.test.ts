import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { defaultRecipientCap } from '../../platform/mail/recipient-cap.ts';
import * as repo from './accounts.repository.ts';
import {
  bearer,
  createUser,
  decodeMail,
  loginAs,
  signUpAndConfirm,
  uniq,
  verifyLinkToken,
} from './accounts.test-helpers.ts';

/** Issue 29 item 5: the account abuse classes, with the numbers they were tried with. */
describe('account abuse closed as classes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: 'metrics-token-abuse' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const post = (url: string, payload: unknown, remoteAddress = '10.60.0.1', headers = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });
  const me = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: bearer(access) });
  const outbox = async (email: string) => (await t.app.mailer.readOutbox(email)).map(decodeMail);

  describe('sign-up does not tell whether an address is registered', () => {
    /** Everything a visitor sees of one probe: sign-up, sign-in right after (by name and by e-mail), same name again. */
    async function probe(email: string) {
      const username = `probe_${uniq()}`;
      const password = 'probe-pass-1';
      const ip = `10.61.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const signUp = await post('/api/accounts/register/', { username, email, password }, ip);
      const byName = await post('/api/accounts/login/', { username, password }, ip);
      const byEmail = await post('/api/accounts/login/', { username: email, password }, ip);
      const again = await post(
        '/api/accounts/register/',
        { username, email: `other_${uniq()}@example.test`, password },
        ip,
      );
      return [signUp, byName, byEmail, again].map((r) => ({ status: r.statusCode, body: r.json() }));
    }

    it('answers a registered and a new address alike, through sign-up, sign-in and the same name again', async () => {
      const owner = await createUser(t.app, 'student');
      const fresh = `fresh_${uniq()}@example.test`;
      const registered = await probe(owner.email);
      const unregistered = await probe(fresh);
      expect(unregistered).toEqual(registered);
      expect(registered.map((r) => r.status)).toEqual([201, 401, 401, 201]);
      expect(registered[1]!.body.detail).toBe(accountMessages.invalidCredentials);

      // The follow-up differs only in the mailboxes: the owner is told, the new address gets its link.
      const ownerMail = await outbox(owner.email);
      expect(ownerMail).toHaveLength(1);
      expect(ownerMail[0]).toContain('already has an account');
      expect(ownerMail[0]).not.toContain('verify-email');
      expect(await verifyLinkToken(t.app, fresh)).toBeTruthy();
      expect(await repo.findUserByEmail(t.app.db, fresh)).toBeUndefined();
      // The owner's account is untouched.
      expect((await loginAs(t.app, owner)).role).toBe('student');
    });

    it('hashes the password either way (the answers take as long)', async () => {
      const owner = await createUser(t.app, 'student');
      const time = async (email: string) => {
        const started = performance.now();
        await post('/api/accounts/register/', { username: `t_${uniq()}`, email, password: 'timing-pass-1' });
        return performance.now() - started;
      };
      await time(`warm_${uniq()}@example.test`);
      const registered: number[] = [];
      const fresh: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        registered.push(await time(owner.email));
        fresh.push(await time(`fresh_${uniq()}@example.test`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
      // Both include an Argon2 hash (tens of milliseconds); without it one side would be a few milliseconds.
      expect(median(registered)).toBeGreaterThan(median(fresh) / 3);
      expect(median(fresh)).toBeGreaterThan(median(registered) / 3);
    });

    it('the link creates the account once, verified; a changed, expired or overtaken link does not', async () => {
      const name = `family_${uniq()}`;
      const email = `${name}@example.test`;
      expect(
        (await post('/api/accounts/register/', { username: name, email, password: 'family-pass-1' }))
          .statusCode,
      ).toBe(201);
      const token = (await verifyLinkToken(t.app, email))!;
      const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
      const bad = await post('/api/accounts/verify-email/', { token: tampered });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(accountMessages.resetLinkInvalid);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 73 * 60 * 60_000);
      expect((await post('/api/accounts/verify-email/', { token })).statusCode).toBe(400);
      vi.useRealTimers();

      const ok = await post('/api/accounts/verify-email/', { token });
      expect(ok.statusCode).toBe(200);
      expect((await repo.findUserByEmail(t.app.db, email))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await loginAs(t.app, { username: name, password: 'family-pass-1' })).role).toBe('student');
      expect((await post('/api/accounts/verify-email/', { token })).statusCode).toBe(400);

      // Two sign-ups with one username: the first to confirm gets it, the other is told to choose again.
      const shared = `shared_${uniq()}`;
      const first = `a_${uniq()}@example.test`;
      const second = `b_${uniq()}@example.test`;
      await post('/api/accounts/register/', { username: shared, email: first, password: 'shared-pass-1' });
      await post('/api/accounts/register/', { username: shared, email: second, password: 'shared-pass-2' });
      const late = (await verifyLinkToken(t.app, second))!;
      await signUpAndConfirm(t.app, {
        username: `x_${uniq()}`,
        email: `x_${uniq()}@example.test`,
        password: 'x-pass-12',
      });
      expect(
        (await post('/api/accounts/verify-email/', { token: (await verifyLinkToken(t.app, first))! }))
          .statusCode,
      ).toBe(200);
      const gone = await post('/api/accounts/verify-email/', { token: late });
      expect(gone.statusCode).toBe(400);
      expect(gone.json()).toMatchObject({
        detail: accountMessages.signUpUsernameGone,
        code: 'sign_up_username_gone',
      });
      expect(await repo.findUserByEmail(t.app.db, second)).toBeUndefined();
    });
  });

  describe('a per-recipient cap on the e-mails a visitor triggers', () => {
    it(
      '300 reset and sign-up requests from 10 addresses put at most the cap in one inbox',
      { timeout: 120_000 },
      async () => {
        const owner = await createUser(t.app, 'student');
        const answers = [];
        for (let i = 0; i < 300; i += 1) {
          const ip = `10.62.0.${i % 10}`;
          answers.push(
            i % 2 === 0
              ? await post('/api/accounts/password-reset/', { email: owner.email }, ip)
              : await post(
                  '/api/accounts/register/',
                  { username: `flood_${uniq()}`, email: owner.email, password: 'flood-pass-1' },
                  ip,
                ),
          );
        }
        const mails = await outbox(owner.email);
        expect(mails.length).toBe(defaultRecipientCap.perHour);
        // The visitor's answer never changes: the usual sentence, or the route's own per-address limit.
        for (const res of answers) {
          if (res.statusCode === 429) continue;
          expect([accountMessages.resetRequested, accountMessages.registrationCheckEmail]).toContain(
            res.json().detail,
          );
        }
        expect(answers.filter((r) => r.statusCode !== 429).length).toBeGreaterThan(100);

        // Counted in the metrics, logged without the address.
        const metrics = await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: bearer('metrics-token-abuse'),
        });
        const capped = /^mail_recipient_capped_total (\d+)/m.exec(metrics.body);
        expect(Number(capped?.[1])).toBeGreaterThan(0);
      },
    );

    it('caps the verification e-mails of sign-ups with a new address', async () => {
      const email = `new_${uniq()}@example.test`;
      for (let i = 0; i < 30; i += 1) {
        const res = await post(
          '/api/accounts/register/',
          { username: `n_${uniq()}`, email, password: 'new-pass-12' },
          `10.63.0.${i % 10}`,
        );
        expect(res.statusCode).toBe(201);
        expect(res.json().detail).toBe(accountMessages.registrationCheckEmail);
      }
      expect(await outbox(email)).toHaveLength(defaultRecipientCap.perHour);
    });
  });

  describe('every current-password check is limited per account', () => {
    const change = (access: string, current: string, ip: string, url = '/api/accounts/password/') =>
      post(url, { current_password: current, new_password: 'brand-new-pass-1' }, ip, bearer(access));

    it('5 wrong ones from any addresses, then 429 even for the right password; others unaffected', async () => {
      const user = await createUser(t.app, 'student');
      const { access } = await loginAs(t.app, user);
      for (let i = 0; i < 5; i += 1) {
        const res = await change(access, 'wrong-pass-1', `10.64.${i}.1`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('current_password_wrong');
      }
      const right = await change(access, user.password, '10.64.9.9');
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({
        detail: accountMessages.currentPasswordThrottled,
        code: 'current_password_throttled',
      });
      // The password did not change.
      expect((await loginAs(t.app, user)).role).toBe('student');

      const other = await createUser(t.app, 'student');
      const otherAccess = (await loginAs(t.app, other)).access;
      expect((await change(otherAccess, other.password, '10.64.9.9')).statusCode).toBe(200);
    });

    it('43 checks at once verify at most 5; the admin profile counts in the same place', async () => {
      const admin = await createUser(t.app, 'admin');
      const { access } = await loginAs(t.app, admin);
      const answers = await Promise.all(
        Array.from({ length: 43 }, (_, i) =>
          change(access, `guess-${i}-pass`, `10.65.${i}.1`, '/api/admin/profile/password/'),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(5);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(38);
      expect((await change(access, admin.password, '10.65.99.1')).statusCode).toBe(429);
    });

    it('a right password clears the count', async () => {
      const user = await createUser(t.app, 'tutor');
      let { access } = await loginAs(t.app, user);
      for (let i = 0; i < 4; i += 1) await change(access, 'wrong-pass-1', `10.66.${i}.1`);
      expect((await change(access, user.password, '10.66.9.1')).statusCode).toBe(200);
      ({ access } = await loginAs(t.app, { username: user.username, password: 'brand-new-pass-1' }));
      for (let i = 0; i < 4; i += 1) {
        expect((await change(access, 'wrong-pass-1', `10.66.${i}.2`)).statusCode).toBe(400);
      }
    });
  });

  describe('refresh-token reuse ends the chain at once', () => {
    it("the chain's access tokens answer 401 on the next request; another device refreshes on", async () => {
      const user = await createUser(t.app, 'student');
      const pair = await loginAs(t.app, user);
      const otherDevice = await loginAs(t.app, user);
      const next = (await post('/api/accounts/refresh/', { refresh: pair.refresh })).json();
      expect((await me(next.access)).statusCode).toBe(200);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31_000);
      expect((await post('/api/accounts/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
      vi.useRealTimers();
      expect((await me(next.access)).statusCode).toBe(401);
      expect((await me(pair.access)).statusCode).toBe(401);
      expect((await post('/api/accounts/refresh/', { refresh: next.refresh })).statusCode).toBe(401);

      const renewed = await post('/api/accounts/refresh/', { refresh: otherDevice.refresh });
      expect(renewed.statusCode).toBe(200);
      expect((await me(renewed.json().access)).statusCode).toBe(200);
    });
  });
});
