import { englishDates, type DateSettings } from '../dates/format.ts';
import { formatAmount } from '../payments/currency.ts';
import type { Locale } from '../shared/locale.ts';
import { formatEat } from './format.ts';

/**
 * An audit entry read as a sentence (issue 31 item 2): "meron refunded $20.00 and cancelled 1 lesson
 * (Mon 12 Jan 2026, 16:00 EAT). Reason: “Week 4 off”." instead of `payment.refund`, `refunded cents: 0 → —` and
 * raw JSON. Amounts are money in their currency, instants are East Africa Time, in English or Amharic; the values a
 * person typed (titles, reasons) stay as written. An action without its own rule reads as "who did what" with
 * the fields that changed, each value in words (never JSON).
 */

export type AuditSentenceEntry = {
  action: string;
  actor_username: string;
  before: unknown;
  after: unknown;
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const MAX_VALUE = 80;

type Words = {
  someone: string;
  /** "meron" + what was done. */
  did: (actor: string, what: string) => string;
  refunded: (amount: string) => string;
  andCancelled: (count: number, times: string) => string;
  alreadyRefunded: (amount: string) => string;
  reason: (text: string) => string;
  refundRetried: (amount: string, status: string) => string;
  cancelled: (count: number, times: string) => string;
  outcomes: Record<string, string>;
  reservationNow: (status: string) => string;
  moved: (count: number) => string;
  movedOne: (from: string, to: string) => string;
  attendance: (status: string) => string;
  noteEdited: string;
  noteWithdrawn: string;
  created: string;
  deleted: string;
  changed: string;
  change: (field: string, from: string, to: string) => string;
  set: (field: string, to: string) => string;
  removed: (field: string, from: string) => string;
  nothing: string;
  yes: string;
  no: string;
  items: (count: number) => string;
  actions: Record<string, string>;
  statuses: Record<string, string>;
  fields: Record<string, string>;
  list: (parts: string[]) => string;
  end: string;
};

const en: Words = {
  someone: 'Someone',
  did: (actor, what) => `${actor} ${what}`,
  refunded: (amount) => `refunded ${amount}`,
  andCancelled: (count, times) => ` and cancelled ${count} lesson${count === 1 ? '' : 's'}${times}`,
  alreadyRefunded: (amount) => ` (${amount} had been refunded before)`,
  reason: (text) => ` Reason: “${text}”.`,
  refundRetried: (amount, status) => `sent the pending refund of ${amount} again: ${status}`,
  cancelled: (count, times) => `cancelled ${count} lesson${count === 1 ? '' : 's'}${times}`,
  outcomes: { credit: 'credited', refund: 'refunded', none: 'not refunded' },
  reservationNow: (status) => ` The reservation is now ${status}.`,
  moved: (count) => `moved ${count} lesson${count === 1 ? '' : 's'}:`,
  movedOne: (from, to) => `${from} → ${to}`,
  attendance: (status) => `marked a lesson ${status}`,
  noteEdited: 'corrected a progress note',
  noteWithdrawn: 'withdrew a progress note',
  created: 'created this record',
  deleted: 'deleted this record',
  changed: 'changed',
  change: (field, from, to) => `${field} from ${from} to ${to}`,
  set: (field, to) => `${field} to ${to}`,
  removed: (field, from) => `${field} (was ${from}) removed`,
  nothing: 'nothing',
  yes: 'yes',
  no: 'no',
  items: (count) => `${count} item${count === 1 ? '' : 's'}`,
  actions: {
    publish: 'published this record',
    unpublish: 'unpublished this record',
    reorder: 'changed the order',
    approve: 'approved this record',
    hide: 'hid this record',
    hold: 'put this record on hold',
    activate: 'activated this account',
    deactivate: 'deactivated this account',
    change_role: 'changed the role',
    set_password: 'set a new password',
    change_password: 'changed the password',
    update_profile: 'updated the profile',
    update_contact: 'updated the contact details',
    update_booking_policy: 'updated the booking policy',
    update_earnings_policy: 'updated the earnings policy',
    mark_handled: 'marked this message handled',
    mark_unhandled: 'marked this message not handled',
    resend: 'sent this e-mail again',
    'tutor.create': 'added this tutor',
    'tutor.update': 'updated this tutor',
    'tutor.availability': 'changed the weekly availability',
    'tutor.photo': 'changed the photo',
    'tutor.time_off.add': 'added time off',
    'tutor.time_off.remove': 'removed time off',
    'payout.mark_paid': 'marked this payout paid',
    'payout.mark_failed': 'marked this payout failed',
    'payout.retry': 'sent this payout again',
    'payout_method.update': 'changed the payout method',
    'payout_run.create': 'started a payout run',
    'reservation.offer_substitute': 'offered the family another tutor',
    'reservation.withdraw_substitute': 'withdrew the offer of another tutor',
    'session.interruption': 'reported a lesson as interrupted',
    'session.tutor_absent': 'reported that the tutor did not come',
    'session.makeup': 'booked the make-up of an interrupted lesson',
    'session.absence_upheld': 'upheld a report that the tutor did not come',
    'session.absence_dismissed': 'dismissed a report that the tutor did not come',
  },
  statuses: {
    attended: 'attended',
    no_show: 'a no-show',
    interrupted: 'interrupted',
    scheduled: 'scheduled',
    cancelled: 'cancelled',
    confirmed: 'confirmed',
    completed: 'completed',
    succeeded: 'sent',
    pending: 'still pending',
    failed: 'failed',
    paid: 'paid',
    refunded: 'refunded',
    partially_refunded: 'partly refunded',
    published: 'published',
    draft: 'a draft',
  },
  fields: {},
  list: (parts) =>
    parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`,
  end: '.',
};

const am: Words = {
  someone: 'ያልታወቀ ሰው',
  did: (actor, what) => `${actor} ${what}`,
  refunded: (amount) => `${amount} ተመላሽ አድርጓል`,
  andCancelled: (count, times) => `፤ ${count} ክፍለ ጊዜ(ዎች) ሰርዟል${times}`,
  alreadyRefunded: (amount) => ` (ከዚህ በፊት ${amount} ተመላሽ ተደርጎ ነበር)`,
  reason: (text) => ` ምክንያት፦ “${text}”።`,
  refundRetried: (amount, status) => `በመጠባበቅ ላይ የነበረውን የ${amount} ተመላሽ ክፍያ እንደገና ልኳል፦ ${status}`,
  cancelled: (count, times) => `${count} ክፍለ ጊዜ(ዎች) ሰርዟል${times}`,
  outcomes: { credit: 'ክሬዲት ተሰጥቷል', refund: 'ተመላሽ ተደርጓል', none: 'ተመላሽ አልተደረገም' },
  reservationNow: (status) => ` ማስያዣው አሁን ${status} ነው።`,
  moved: (count) => `${count} ክፍለ ጊዜ(ዎች) አዛውሯል፦`,
  movedOne: (from, to) => `${from} → ${to}`,
  attendance: (status) => `ክፍለ ጊዜውን «${status}» ብሎ መዝግቧል`,
  noteEdited: 'የእድገት ማስታወሻ አስተካክሏል',
  noteWithdrawn: 'የእድገት ማስታወሻ አንስቷል',
  created: 'ይህን መዝገብ ፈጥሯል',
  deleted: 'ይህን መዝገብ ሰርዟል',
  changed: 'ቀይሯል፦',
  change: (field, from, to) => `${field} ከ${from} ወደ ${to}`,
  set: (field, to) => `${field} ወደ ${to}`,
  removed: (field, from) => `${field} (${from} የነበረው) ተወግዷል`,
  nothing: 'ባዶ',
  yes: 'አዎ',
  no: 'አይ',
  items: (count) => `${count} ንጥል(ሎች)`,
  actions: {
    publish: 'ይህን መዝገብ አትሟል',
    unpublish: 'ይህን መዝገብ ከሕትመት አውርዷል',
    reorder: 'ቅደም ተከተሉን ቀይሯል',
    approve: 'ይህን መዝገብ አጽድቋል',
    hide: 'ይህን መዝገብ ደብቋል',
    hold: 'ይህን መዝገብ አቆይቷል',
    activate: 'ይህን መለያ አንቅቷል',
    deactivate: 'ይህን መለያ አቋርጧል',
    change_role: 'ሚናውን ቀይሯል',
    set_password: 'አዲስ የይለፍ ቃል አዘጋጅቷል',
    change_password: 'የይለፍ ቃሉን ቀይሯል',
    update_profile: 'መገለጫውን አዘምኗል',
    update_contact: 'የመገኛ መረጃውን አዘምኗል',
    update_booking_policy: 'የቀጠሮ ደንቡን አዘምኗል',
    update_earnings_policy: 'የገቢ ደንቡን አዘምኗል',
    mark_handled: 'ይህ መልዕክት ምላሽ እንደተሰጠው መዝግቧል',
    mark_unhandled: 'ይህ መልዕክት ምላሽ እንዳልተሰጠው መዝግቧል',
    resend: 'ይህን ኢሜይል እንደገና ልኳል',
    'tutor.create': 'ይህን አስጠኚ ጨምሯል',
    'tutor.update': 'ይህን አስጠኚ አዘምኗል',
    'tutor.availability': 'ሳምንታዊ የሚገኙበትን ሰዓት ቀይሯል',
    'tutor.photo': 'ፎቶውን ቀይሯል',
    'tutor.time_off.add': 'የእረፍት ቀናት ጨምሯል',
    'tutor.time_off.remove': 'የእረፍት ቀናት አንስቷል',
    'payout.mark_paid': 'ይህ ክፍያ እንደተከፈለ መዝግቧል',
    'payout.mark_failed': 'ይህ ክፍያ እንዳልተሳካ መዝግቧል',
    'payout.retry': 'ይህን ክፍያ እንደገና ልኳል',
    'payout_method.update': 'የክፍያ መቀበያ መንገዱን ቀይሯል',
    'payout_run.create': 'የክፍያ ዙር ጀምሯል',
    'reservation.offer_substitute': 'ለቤተሰቡ ሌላ አስጠኚ አቅርቧል',
    'reservation.withdraw_substitute': 'የሌላ አስጠኚ ጥያቄውን አንስቷል',
    'session.interruption': 'ትምህርቱ እንደተቋረጠ ሪፖርት አድርጓል',
    'session.tutor_absent': 'አስጠኚው እንዳልመጣ ሪፖርት አድርጓል',
    'session.makeup': 'ለተቋረጠ ትምህርት ማካካሻ ይዟል',
    'session.absence_upheld': 'አስጠኚው እንዳልመጣ የቀረበውን ሪፖርት ተቀብሏል',
    'session.absence_dismissed': 'አስጠኚው እንዳልመጣ የቀረበውን ሪፖርት ውድቅ አድርጓል',
  },
  statuses: {
    attended: 'ተገኝቷል',
    no_show: 'አልተገኘም',
    interrupted: 'ተቋርጧል',
    scheduled: 'የታቀደ',
    cancelled: 'የተሰረዘ',
    confirmed: 'የተረጋገጠ',
    completed: 'የተጠናቀቀ',
    succeeded: 'ተልኳል',
    pending: 'አሁንም በመጠባበቅ ላይ',
    failed: 'አልተሳካም',
    paid: 'የተከፈለ',
    refunded: 'ተመላሽ የተደረገ',
    partially_refunded: 'በከፊል ተመላሽ የተደረገ',
    published: 'የታተመ',
    draft: 'ረቂቅ',
  },
  fields: {
    status: 'ሁኔታ',
    title: 'ርዕስ',
    name: 'ስም',
    full_name: 'ሙሉ ስም',
    email: 'ኢሜይል',
    phone: 'ስልክ',
    role: 'ሚና',
    is_active: 'ንቁ',
    is_published: 'የታተመ',
    sort_order: 'ቅደም ተከተል',
    description: 'መግለጫ',
    bio: 'የሕይወት ታሪክ',
    note: 'ማስታወሻ',
    reason: 'ምክንያት',
    subject: 'የትምህርት ዓይነት',
    handled_at: 'ምላሽ የተሰጠበት ጊዜ',
    hourly_rate_cents: 'የሰዓት ክፍያ',
    price_cents: 'ዋጋ',
    amount_cents: 'መጠን',
    refund_cents: 'ተመላሽ መጠን',
    refunded_cents: 'ተመላሽ የተደረገ መጠን',
    cancellation_notice_hours: 'የስረዛ ማሳወቂያ ሰዓታት',
    password: 'የይለፍ ቃል',
    attempts: 'ሙከራዎች',
    state: 'ሁኔታ',
    // The tutor profile's, the users' and the content's fields the audit trails name (issue 31 item 8).
    first_name: 'የመጀመሪያ ስም',
    last_name: 'የአባት ስም',
    username: 'የተጠቃሚ ስም',
    education: 'ትምህርት',
    years_of_experience: 'የልምድ ዓመታት',
    teaching_style: 'የማስተማር ዘዴ',
    profile_image: 'ፎቶ',
    time_zone: 'የሰዓት ሰቅ',
    meeting_url: 'የስብሰባ ሊንክ',
    user_id: 'መለያ',
    subject_id: 'የትምህርት ዓይነት',
    grade_from: 'ከክፍል',
    grade_to: 'እስከ ክፍል',
    languages: 'ቋንቋዎች',
    availability: 'ሳምንታዊ ክፍት ሰዓቶች',
    commission_bps: 'ኮሚሽን',
    commission_percent: 'ኮሚሽን',
    hourly_rate_etb_cents: 'የሰዓት ክፍያ በብር',
    price_per_hour_cents: 'የሰዓት ዋጋ',
    price_per_hour_etb_cents: 'የሰዓት ዋጋ በብር',
    slug: 'አድራሻ',
    body: 'ጽሑፍ',
    excerpt: 'ማጠቃለያ',
    category_id: 'ምድብ',
    tag_ids: 'መለያ ቃላት',
    cover_image: 'የሽፋን ምስል',
    published_at: 'የታተመበት ጊዜ',
    starts_at: 'የሚጀምርበት ጊዜ',
    sessions: 'ክፍለ ጊዜዎች',
    resolution: 'ውሳኔ',
    decision_reason: 'የውሳኔ ምክንያት',
    checks: 'ማረጋገጫዎች',
    locale: 'ቋንቋ',
    // A substitute tutor's offer (decision 274).
    tutor_id: 'አስጠኚ',
    to_tutor_id: 'አዲሱ አስጠኚ',
    offer_id: 'ጥያቄ',
    lessons: 'ትምህርቶች',
    price_difference_cents: 'የዋጋ ልዩነት',
  },
  list: (parts) => parts.join('፣ '),
  end: '።',
};

const words: Record<Locale, Words> = { en, am };

/** The field's name as a reader says it: its Amharic name where there is one, else 'hourly rate' for hourly_rate_cents. */
function fieldName(key: string, w: Words): string {
  return w.fields[key] ?? key.replace(/_(cents|id|ids)$/, '').replace(/_/g, ' ');
}

/** One value in words: money for *_cents, EAT for instants, yes/no, a count for lists; never JSON. */
function valueText(key: string, value: unknown, currency: string, w: Words, dates: DateSettings): string {
  if (value === null || value === undefined || value === '') return w.nothing;
  if (typeof value === 'number')
    return key.endsWith('_cents') ? formatAmount(value, currency) : String(value);
  if (typeof value === 'boolean') return value ? w.yes : w.no;
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return eat(value, dates);
    if (w.statuses[value] && (key === 'status' || key.endsWith('_status'))) return w.statuses[value];
    return value.length > MAX_VALUE ? `“${value.slice(0, MAX_VALUE)}…”` : `“${value}”`;
  }
  if (Array.isArray(value)) return w.items(value.length);
  return w.items(Object.keys(value as Obj).length);
}

const eat = (iso: string, dates: DateSettings) => `${formatEat(iso, dates)} EAT`;

const currencyOf = (before: Obj, after: Obj) => str(after.currency) || str(before.currency) || 'USD';

/** The lessons' times in EAT: ' (Mon 12 Jan 2026, 16:00 EAT, …)'; none known: ''. */
function timesText(starts: string[], w: Words, dates: DateSettings): string {
  const known = starts.filter((s) => ISO_INSTANT.test(s));
  return known.length ? ` (${w.list(known.map((s) => eat(s, dates)))})` : '';
}

const reasonOf = (after: Obj, w: Words) => {
  const text = str(after.reason).trim();
  return text ? w.reason(text.length > 200 ? `${text.slice(0, 200)}…` : text) : '';
};

/** The fields that differ between before and after, each in words; timestamps of the row itself left out. */
function changes(before: Obj, after: Obj, w: Words, dates: DateSettings): string[] {
  const currency = currencyOf(before, after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !['updated_at', 'created_at', 'currency', 'id'].includes(k),
  );
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .slice(0, 8)
    .map((k) => {
      const name = fieldName(k, w);
      const from = valueText(k, before[k], currency, w, dates);
      const to = valueText(k, after[k], currency, w, dates);
      if (!(k in before)) return w.set(name, to);
      if (!(k in after)) return w.removed(name, from);
      return w.change(name, from, to);
    });
}

/** The entry as one sentence in `locale`; dates in the reader's settings (Ethiopian dates beside when asked). */
export function auditSentence(
  entry: AuditSentenceEntry,
  locale: Locale,
  dates: DateSettings = locale === 'am' ? { language: 'am', ethiopian: true } : englishDates,
): string {
  const w = words[locale];
  const before = obj(entry.before);
  const after = obj(entry.after);
  const actor = entry.actor_username || w.someone;
  const say = (what: string, tail = '') => `${w.did(actor, what)}${w.end}${tail}`.trim();
  const currency = currencyOf(before, after);

  switch (entry.action) {
    case 'payment.refund': {
      const amount = formatAmount(num(after.refund_cents) ?? 0, currency);
      const starts = Array.isArray(after.cancelled_sessions)
        ? (after.cancelled_sessions as unknown[]).map((s) => str(obj(s).starts_at))
        : [];
      const ids = Array.isArray(after.cancelled_session_ids)
        ? after.cancelled_session_ids.length
        : starts.length;
      const earlier = num(before.refunded_cents) ?? 0;
      const what =
        w.refunded(amount) +
        (ids > 0 ? w.andCancelled(ids, timesText(starts, w, dates)) : '') +
        (earlier > 0 ? w.alreadyRefunded(formatAmount(earlier, currency)) : '');
      return say(what, reasonOf(after, w));
    }
    case 'refund_retry': {
      const amount = formatAmount(num(after.refund_cents) ?? num(before.refund_cents) ?? 0, currency);
      const status = str(after.refund_status) || 'pending';
      return say(w.refundRetried(amount, w.statuses[status] ?? status));
    }
    case 'reservation.cancel_sessions': {
      const sessions = Array.isArray(after.sessions) ? (after.sessions as unknown[]).map(obj) : [];
      const outcomes = [...new Set(sessions.map((s) => str(s.outcome)).filter(Boolean))]
        .map((o) => w.outcomes[o] ?? o)
        .join(', ');
      const times = timesText(
        sessions.map((s) => str(s.starts_at)),
        w,
        dates,
      );
      const status = str(after.status);
      const what = w.cancelled(sessions.length, times) + (outcomes ? ` — ${outcomes}` : '');
      return say(what, reasonOf(after, w) + (status ? w.reservationNow(w.statuses[status] ?? status) : ''));
    }
    case 'reservation.reschedule_sessions': {
      const from = Array.isArray(before.sessions) ? (before.sessions as unknown[]).map(obj) : [];
      const to = new Map(
        (Array.isArray(after.sessions) ? (after.sessions as unknown[]).map(obj) : []).map((s) => [
          str(s.id),
          str(s.starts_at),
        ]),
      );
      const moves = from
        .filter((s) => ISO_INSTANT.test(str(s.starts_at)) && ISO_INSTANT.test(to.get(str(s.id)) ?? ''))
        .map((s) => w.movedOne(eat(str(s.starts_at), dates), eat(to.get(str(s.id))!, dates)));
      return `${w.did(actor, w.moved(from.length))} ${w.list(moves)}${w.end}${reasonOf(after, w)}`.trim();
    }
    case 'session.attendance': {
      const status = str(after.status);
      return say(w.attendance(w.statuses[status] ?? status));
    }
    case 'progress_note.edit':
      return say(w.noteEdited);
    case 'progress_note.withdraw':
      return say(w.noteWithdrawn);
    case 'create':
      return say(w.created);
    case 'delete':
      return say(w.deleted);
    default: {
      const listed = changes(before, after, w, dates);
      const label = w.actions[entry.action];
      const list = w.list(listed);
      if (label) return say(label, list ? ` ${list.charAt(0).toUpperCase()}${list.slice(1)}${w.end}` : '');
      if (listed.length) return say(`${w.changed} ${w.list(listed)}`);
      return say(entry.action.replace(/[._]/g, ' '));
    }
  }
}
