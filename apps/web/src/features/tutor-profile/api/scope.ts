/**
 * Whose profile the components edit: an administrator's tutor (`tutorId`; left out on the Add screen, where
 * saving creates the tutor) or the signed-in tutor's own. The same components serve /admin/tutors and the
 * tutor area; only the endpoints differ.
 */
export type ProfileScope = { area: 'admin'; tutorId?: number } | { area: 'tutor' };

export function profilePaths(scope: ProfileScope) {
  if (scope.area === 'tutor') {
    return {
      profile: '/tutor/profile/',
      availability: '/tutor/availability/',
      timeOff: '/tutor/time-off/',
      photo: '/tutor/profile/photo/',
    };
  }
  const base = `/admin/tutors/${scope.tutorId ?? 0}/`;
  return {
    profile: base,
    availability: `${base}availability/`,
    timeOff: `${base}time-off/`,
    photo: `${base}photo/`,
  };
}

export const profileKey = (scope: ProfileScope) =>
  ['tutor-profile', scope.area, scope.area === 'admin' ? (scope.tutorId ?? 'new') : 'me'] as const;
