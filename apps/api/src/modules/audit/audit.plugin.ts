import type { AppInstance } from '../../platform/http/app-instance.ts';
import { auditRoutes } from './audit.routes.ts';

/** The audit log of admin writes, shown on each record. */
export async function registerAudit(app: AppInstance) {
  await app.register(auditRoutes, { prefix: '/api' });
}
