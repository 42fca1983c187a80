import { createHmac, timingSafeEqual } from 'node:crypto';
import { toE164 } from '@tibeb/domain/messaging/phone';
import type { Db } from '../../platform/db/client.ts';
import * as repo from './reminders.repository.ts';

/**
 * The family stops lesson reminders without signing in (issue 18 item 4): a signed link in every e-mail reminder
 * (no expiry: the signing key is the server's, and the link can only turn reminders off), and STOP answered to
 * an SMS or WhatsApp reminder (START turns them on again). The settings screen turns them on or off too.
 */

type Language = 'en' | 'am';
const language = (locale: string | undefined): Language => (locale === 'am' ? 'am' : 'en');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const signature = (userId: string, secret: string) =>
  createHmac('sha256', secret).update(`reminders-opt-out:${userId.toLowerCase()}`).digest('base64url');

/** The opt-out token of an account: its id and an HMAC of it. */
export function optOutToken(userId: string, secret: string): string {
  return `${userId}.${signature(userId, secret)}`;
}

/** The account a token was signed for, or null (malformed, or not signed with this key). */
export function verifyOptOutToken(token: string, secret: string): string | null {
  const [userId = '', given = '', extra] = token.split('.');
  if (extra !== undefined || !UUID.test(userId)) return null;
  const expected = Buffer.from(signature(userId, secret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}

/** The link in an e-mail reminder: the opt-out page for the account, or the settings screen without one. */
export function optOutLink(publicUrl: string, accountId: string | null, secret: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return accountId
    ? `${base}/api/reminders/opt-out/?token=${encodeURIComponent(optOutToken(accountId, secret))}`
    : `${base}/student/settings`;
}

/** The opt-out page's account and language, before the family confirms; null for a token that is not valid. */
export async function optOutPage(db: Db, token: string, secret: string) {
  const userId = verifyOptOutToken(token, secret);
  const account = userId ? await repo.accountForOptOut(db, userId) : null;
  return account ? { locale: language(account.locale), enabled: account.reminders_enabled } : null;
}

/** Turns the account's reminders off; answers its language, or null for a token that is not valid. */
export async function stopReminders(db: Db, token: string, secret: string): Promise<Language | null> {
  const userId = verifyOptOutToken(token, secret);
  if (!userId) return null;
  const account = await repo.accountForOptOut(db, userId);
  if (!account) return null;
  await repo.setRemindersEnabled(db, [userId], false);
  return language(account.locale);
}

/**
 * Twilio's request signature (X-Twilio-Signature): the Base64 HMAC-SHA1, keyed with the Auth Token, of the full
 * address Twilio called followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  given: string | undefined,
): boolean {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'አቁም']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'ጀምር']);

const replies: Record<'stop' | 'start', Record<Language, string>> = {
  stop: {
    en: 'Tibeb: lesson reminders are off. Reply START to turn them on again.',
    am: 'ጥበብ፦ የትምህርት ማስታወሻዎች ቆመዋል። እንደገና ለማስጀመር START ብለው ይመልሱ።',
  },
  start: {
    en: 'Tibeb: lesson reminders are on again. Reply STOP to stop them.',
    am: 'ጥበብ፦ የትምህርት ማስታወሻዎች እንደገና ጀምረዋል። ለማቆም STOP ብለው ይመልሱ።',
  },
};

// Twilio's message ids: two letters (SM, MM) and 32 hex digits.
const MESSAGE_SID = /^[A-Z]{2}[0-9a-f]{32}$/i;

/**
 * A message a family sent to our SMS or WhatsApp number: STOP (and its usual synonyms, or አቁም) turns off the
 * reminders of every family account whose trusted phone is that number, START turns them on again (decision 221:
 * an account's own phone once its e-mail is verified, or the phone of a paid booking linked to it; never an
 * unpaid hold's, which anyone can make with anyone's e-mail). Each message id is processed once, recorded in the
 * same transaction as the change: a replayed signed request changes nothing. Answers the reply to send back, or
 * null (any other message, a number no account trusts, a message seen before): the same empty answer each time.
 */
export async function inboundMessage(
  db: Db,
  message: { from: string; body: string; messageSid: string },
): Promise<{ reply: string; changed: number } | null> {
  const word = message.body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  const action = STOP_WORDS.has(word) ? 'stop' : START_WORDS.has(word) ? 'start' : null;
  const number = toE164(message.from.replace(/^whatsapp:/i, ''));
  if (!action || !number || !MESSAGE_SID.test(message.messageSid)) return null;
  return repo.transaction(db, async (tx) => {
    if (!(await repo.recordInboundMessage(tx, message.messageSid, `inbound_${action}`))) return null;
    const candidates = await repo.accountsByTrustedPhoneEnding(tx, number.slice(-9));
    const accounts = candidates.filter((a) => toE164(a.phone) === number);
    if (accounts.length === 0) return null;
    const changed = await repo.setRemindersEnabled(
      tx,
      [...new Set(accounts.map((a) => a.account_id))],
      action === 'start',
    );
    return { reply: replies[action][language(accounts[0]!.locale)], changed };
  });
}
