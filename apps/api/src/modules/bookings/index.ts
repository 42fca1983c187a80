/**
 * The bookings module's stable service API (README.md): other modules (admin reservations, family and tutor
 * areas, renewals) call these and nothing deeper.
 */
export {
  cancelSession,
  completeEndedSessions,
  creditBalance,
  markAttendance,
  processRefunds,
  rescheduleSession,
  type Actor,
  type LifecycleDeps,
} from './lifecycle/lifecycle.service.ts';
export { lifecycleDeps } from './lifecycle/lifecycle-deps.service.ts';
export { reservationSummary } from './lifecycle/summary.service.ts';
export { holdLimitsFor, type HoldLimits } from './reservations/hold-limits.service.ts';
export {
  availableForSubject,
  availableForTutorJson,
  bookedForTutor,
  createReservation,
  previewReservation,
  type BookingOptions,
} from './reservations/reservations.service.ts';
export { registerBookings } from './bookings.plugin.ts';
