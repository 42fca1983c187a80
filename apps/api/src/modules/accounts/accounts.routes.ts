import type { AppInstance } from '../../app.ts';

/** The accounts module's HTTP routes (prefix /api). */
export async function accountsRoutes(_app: AppInstance) {}
