import type { AppInstance } from '../../platform/http/app-instance.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { tutorAreaRoutes } from './tutor-area.routes.ts';

/** The signed-in areas' overviews: the admin dashboard and the tutor's week, students and profile. */
export async function registerAreas(app: AppInstance) {
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(tutorAreaRoutes, { prefix: '/api' });
}
