import type { AppInstance } from '../../platform/http/app-instance.ts';
import { applicationsRoutes } from './applications.routes.ts';

/** Tutors joining: applications, their private documents and the admin's vetting (issue 27). */
export async function registerTutoring(app: AppInstance) {
  await app.register(applicationsRoutes, { prefix: '/api' });
}
