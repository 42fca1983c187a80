import type { AppInstance } from '../../app.ts';

/** The settings module's HTTP routes (prefix /api). */
export async function settingsRoutes(_app: AppInstance) {}
