import type { AppInstance } from '../../platform/http/app-instance.ts';
import { reportsRoutes } from './reports.routes.ts';

/** The admin's reports (charts and CSV). */
export async function registerReporting(app: AppInstance) {
  await app.register(reportsRoutes, { prefix: '/api' });
}
