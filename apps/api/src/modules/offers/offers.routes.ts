import type { AppInstance } from '../../app.ts';

/** The offers module's HTTP routes (prefix /api). */
export async function offersRoutes(_app: AppInstance) {}
