import type { AppInstance } from '../../app.ts';

/** The newsletter module's HTTP routes (prefix /api). */
export async function newsletterRoutes(_app: AppInstance) {}
