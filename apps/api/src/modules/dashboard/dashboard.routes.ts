import type { AppInstance } from '../../app.ts';

/** The dashboard module's HTTP routes (prefix /api). */
export async function dashboardRoutes(_app: AppInstance) {}
