import { restoreDraft, type BookingFormValues } from '@tibeb/domain/bookings/form';

/**
 * Decision 253: the wizard's fields are kept per tab (sessionStorage), per wizard (a tutor's, or by subject), so
 * Back from the payment page and a cancelled checkout find them again. Only the form's own fields are stored
 * (never anything of a card); a paid booking clears them. The ids of the reservations this browser created are
 * remembered (localStorage, ids only) so a family booking again is told of one still waiting for payment.
 */
const draftPrefix = 'tibeb.booking-draft:';
const reservationDraftPrefix = 'tibeb.booking-draft.reservation:';
const remembered = 'tibeb.unpaid-reservations';
const rememberedLimit = 5;

/** A wizard: its tutor (or by subject) and, in the family area, the student it books for. */
export type DraftTarget = { tutorId: number | null; scope?: string };
const keyOf = ({ tutorId, scope }: DraftTarget) =>
  `${draftPrefix}${tutorId === null ? 'subject' : `tutor:${tutorId}`}${scope ? `:${scope}` : ''}`;

function read(storage: Storage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
function write(storage: Storage | undefined, key: string, value: unknown) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or switched off: the wizard still works, it only forgets.
  }
}
const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);
const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The stored draft of this wizard, with the reservation it last created (if any). */
export function loadDraft(target: DraftTarget): {
  values: Partial<BookingFormValues>;
  reservationId: string | null;
} {
  const stored = read(session(), keyOf(target)) as { values?: unknown; reservation_id?: unknown } | null;
  return {
    values: restoreDraft(stored?.values),
    reservationId: typeof stored?.reservation_id === 'string' ? stored.reservation_id : null,
  };
}

export function saveDraft(target: DraftTarget, values: BookingFormValues, reservationId: string | null) {
  const { confirm_info: _ignored, ...kept } = values;
  write(session(), keyOf(target), { values: kept, reservation_id: reservationId });
}

export function clearDraft(target: DraftTarget) {
  write(session(), keyOf(target), null);
}

/** Every draft of this tab, e.g. after a successful payment. */
export function clearAllDrafts() {
  const storage = session();
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(draftPrefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** The fields a reservation was booked with, for "book these times again" in this tab. */
export function saveReservationDraft(id: string, tutorId: number | null, values: BookingFormValues) {
  const { confirm_info: _ignored, ...kept } = values;
  write(session(), `${reservationDraftPrefix}${id}`, { tutor_id: tutorId, values: kept });
}

export function loadReservationDraft(
  id: string,
): { tutorId: number | null; values: Partial<BookingFormValues> } | null {
  const stored = read(session(), `${reservationDraftPrefix}${id}`) as {
    tutor_id?: unknown;
    values?: unknown;
  } | null;
  if (!stored) return null;
  const tutorId = typeof stored.tutor_id === 'number' ? stored.tutor_id : null;
  return { tutorId, values: restoreDraft(stored.values) };
}

/** The reservations this browser created, newest first. */
export function rememberedReservations(): string[] {
  const stored = read(local(), remembered);
  return Array.isArray(stored)
    ? stored.filter((x): x is string => typeof x === 'string').slice(0, rememberedLimit)
    : [];
}

export function rememberReservation(id: string) {
  write(
    local(),
    remembered,
    [id, ...rememberedReservations().filter((x) => x !== id)].slice(0, rememberedLimit),
  );
}

export function forgetReservation(id: string) {
  write(
    local(),
    remembered,
    rememberedReservations().filter((x) => x !== id),
  );
}
