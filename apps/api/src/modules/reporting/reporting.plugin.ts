import type { AppInstance } from '../../platform/http/app-instance.ts';
import { outboxRoutes } from './outbox.routes.ts';
import { reportsRoutes } from './reports.routes.ts';

/** The admin's reports (charts and CSV), and the mail outbox (issue 29 item 4). */
export async function registerReporting(app: AppInstance) {
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(outboxRoutes, { prefix: '/api' });
}
