import type { AppInstance } from '../../app.ts';

/** The reservations module's HTTP routes (prefix /api). */
export async function reservationsRoutes(_app: AppInstance) {}
