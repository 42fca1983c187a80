import type { AppInstance } from '../../app.ts';

/** The payments module's HTTP routes (prefix /api). */
export async function paymentsRoutes(_app: AppInstance) {}
