import type { AppInstance } from '../../app.ts';

/** The blog module's HTTP routes (prefix /api). */
export async function blogRoutes(_app: AppInstance) {}
