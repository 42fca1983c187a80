export { daysOffOf, tutorProfile } from './tutor-profile.service.ts';
export { registerCatalog } from './catalog.plugin.ts';
export { invalidateTutorsCache } from './directory.cache.ts';
export { scheduleNextFreeRefresh } from './next-free.service.ts';
export { recordAvailabilityVersion } from './availability-versions.repository.ts';
