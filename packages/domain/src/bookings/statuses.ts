/**
 * The statuses of a reservation, its sessions, its payments and refunds (DESIGN §1.4): the one list of each, read
 * by the database schema's columns, the API's contracts and the web's filters.
 */
export const reservationStatuses = [
  'pending_payment',
  'confirmed',
  'completed',
  'expired',
  'cancelled',
] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/** weekly: the recurring plan; trial: one short first lesson with a tutor (issue 30). */
export const reservationKinds = ['weekly', 'trial'] as const;
export type ReservationKind = (typeof reservationKinds)[number];

/**
 * held: reserved during checkout; scheduled: paid; skipped: clashed at planning or late payment (never active);
 * interrupted: could not happen or was cut short by a power or connection cut (issue 30), made up at no charge.
 */
export const sessionStatuses = [
  'held',
  'scheduled',
  'completed',
  'no_show',
  'cancelled',
  'expired',
  'skipped',
  'interrupted',
] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/**
 * A tutor's request to move a lesson inside the notice window (issue 31): the family accepts or declines it; it is
 * withdrawn by the tutor, or expires when the lesson's time comes.
 */
export const moveRequestStatuses = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type MoveRequestStatus = (typeof moveRequestStatuses)[number];

/** What went wrong with a session (issue 30): an interruption, or a tutor who did not come. */
export const incidentKinds = ['interruption', 'tutor_absent'] as const;
export type IncidentKind = (typeof incidentKinds)[number];

/**
 * open: reported (an interruption waiting for its make-up, an absence inside the tutor's 48 hours); disputed: the
 * tutor disputes an absence (an admin decides); upheld: an absence given back to the family; made_up: an
 * interruption's make-up was booked; dismissed: an admin decided against the report; lapsed: no make-up was
 * booked in time.
 */
export const incidentStatuses = ['open', 'disputed', 'upheld', 'made_up', 'dismissed', 'lapsed'] as const;
export type IncidentStatus = (typeof incidentStatuses)[number];

/** An admin's offer of a substitute tutor for the rest of a series (issue 30), decided by the family. */
export const substitutionStatuses = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type SubstitutionStatus = (typeof substitutionStatuses)[number];

/** A paid session whose time stays the tutor's: to come or done (a held one keeps it only while its hold runs). */
export const paidActiveSessionStatuses = [
  'scheduled',
  'completed',
] as const satisfies readonly SessionStatus[];

/** The statuses that occupy a tutor's time; the exclusion constraint in the migrations covers exactly these. */
export const activeSessionStatuses = [
  'held',
  ...paidActiveSessionStatuses,
] as const satisfies readonly SessionStatus[];

/** A lesson still to come once its start is ahead: held during its checkout, or scheduled. */
export const upcomingSessionStatuses = ['held', 'scheduled'] as const satisfies readonly SessionStatus[];

/** A paid lesson still counted: to come, held, or missed by the student (a cancelled one is not). */
export const bookedSessionStatuses = [
  'scheduled',
  'completed',
  'no_show',
] as const satisfies readonly SessionStatus[];

/** A lesson whose time has come and whose attendance the tutor marked. */
export const markedSessionStatuses = ['completed', 'no_show'] as const satisfies readonly SessionStatus[];

/**
 * A session as the family's records show it: to come, done, missed or cancelled; never one only held at checkout,
 * skipped at planning, or expired with its hold.
 */
export const paidSessionStatuses = [
  ...bookedSessionStatuses,
  'cancelled',
  // Paid for and not held: made up at no charge, or its value given back (issue 30, decision 271).
  'interrupted',
] as const satisfies readonly SessionStatus[];

/** A reservation paid for (its lessons to come or done). */
export const paidReservationStatuses = [
  'confirmed',
  'completed',
] as const satisfies readonly ReservationStatus[];

/** A booking not over yet: its checkout still open, or paid with lessons to come. */
export const openReservationStatuses = [
  'pending_payment',
  'confirmed',
] as const satisfies readonly ReservationStatus[];

/** A booking whose checkout did not lapse: paid (lessons to come or done), or cancelled. */
export const settledReservationStatuses = [
  ...paidReservationStatuses,
  'cancelled',
] as const satisfies readonly ReservationStatus[];

export const paymentStatuses = [
  'pending',
  'paid',
  'expired',
  'cancelled',
  'failed',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A payment whose money came in (some or all of it may have gone back since). */
export const collectedPaymentStatuses = [
  'paid',
  'partially_refunded',
  'refunded',
] as const satisfies readonly PaymentStatus[];

/** A payment with money left to give back: paid, or refunded in part so far. */
export const refundablePaymentStatuses = [
  'paid',
  'partially_refunded',
] as const satisfies readonly PaymentStatus[];

/** pending while the provider is asked (outside any transaction), then succeeded or failed. */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** True when `status` is one of `group` (a status read from the database or a request is a plain string). */
export function statusIn<S extends string>(group: readonly S[], status: string): status is S {
  return (group as readonly string[]).includes(status);
}
