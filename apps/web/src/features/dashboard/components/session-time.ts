/** Tutors teach on Ethiopian time (DESIGN §1.7): times read "EAT", with the visitor's own time beside when it differs. */
export const TUTOR_TIME_ZONE = 'Africa/Addis_Ababa';

const fmt = (timeZone: string | undefined, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...opts, ...(timeZone ? { timeZone } : {}) });

export function formatSessionTime(
  startsAt: string,
  timeZone = TUTOR_TIME_ZONE,
  localZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): { eat: string; local: string | null } {
  const date = new Date(startsAt);
  const dayTime = (zone: string | undefined) =>
    fmt(zone, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(date);
  const eat = `${dayTime(timeZone)} EAT`;
  const local = dayTime(localZone);
  return { eat, local: local === dayTime(timeZone) ? null : `${local} your time` };
}
