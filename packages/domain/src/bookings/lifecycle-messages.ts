import { codedMessages } from '../shared/error-codes.ts';

/** What the lifecycle answers and writes (issue 11): one place for the texts families, tutors and admins read. */
export const lifecycleMessages = {
  sessionNotFound: 'Session not found.',
  notYours: 'This booking belongs to another family.',
  notYourSession: 'Only the session’s tutor or an administrator can mark attendance.',
  notCancellable: (status: string) => `This session cannot be cancelled: it is ${status.replace('_', ' ')}.`,
  notMovable: (status: string) => `This session cannot be moved: it is ${status.replace('_', ' ')}.`,
  alreadyStarted: 'This session has already started.',
  insideNotice: (hours: number) =>
    `Sessions can be moved up to ${hours} hours before they start. Please contact us to change this one.`,
  tutorAway: 'The tutor is away on that day. Please pick another date.',
  notInWindows: 'That time is not one of the tutor’s available times. Please pick another time.',
  outsidePaidWeeks:
    'That move would take a session past the weeks you paid for. Please pick a date inside them.',
  tooSoon: (hours: number) =>
    `Sessions must start at least ${hours} hours from now. Please pick a later time.`,
  notStartedYet: 'Attendance can be marked once the session has started.',
  notMarkable: (status: string) =>
    `Attendance cannot be marked for a session that is ${status.replace('_', ' ')}.`,
  providerUnavailable:
    'The payment provider is not answering right now. Nothing was charged; please try again in a few minutes.',
  holdLimitEmail: (limit: number) =>
    `This e-mail address already has ${limit} unpaid bookings waiting for payment. Please pay for one or let it lapse before booking again.`,
  holdLimitAddress: (limit: number) =>
    `Too many unpaid bookings from your network (${limit}). Please pay for one or wait for it to lapse before booking again.`,
  holdLimitTutor: (limit: number) =>
    `You already have ${limit} unpaid bookings with this tutor waiting for payment. Please pay for one or let it lapse before booking this tutor again.`,
  holdLimitTutorShare: (percent: number) =>
    `Too much of this tutor's time is waiting for payment (at most ${percent}% may be held at once). Please choose fewer days or shorter lessons, another tutor, or try again in half an hour.`,
} as const;

/** Their codes (shared/error-codes.ts): `session_not_found`, `not_movable`, `inside_notice`, … */
export const lifecycleMessageCodes = codedMessages(lifecycleMessages, {
  codes: { notYours: 'booking_not_yours', tooSoon: 'session_too_soon' },
  params: {
    notCancellable: ['status'],
    notMovable: ['status'],
    insideNotice: ['hours'],
    tooSoon: ['hours'],
    notMarkable: ['status'],
    holdLimitEmail: ['limit'],
    holdLimitAddress: ['limit'],
    holdLimitTutor: ['limit'],
    holdLimitTutorShare: ['percent'],
  },
});

/** Why a session of a preview or a booking is skipped. */
export const skipReasons = {
  clash: 'Clashes with an existing booking.',
  tooSoon: 'Starts too soon to be booked.',
  tutorAway: 'The tutor is away that day.',
} as const;
