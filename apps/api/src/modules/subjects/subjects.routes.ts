import type { AppInstance } from '../../app.ts';

/** The subjects module's HTTP routes (prefix /api). */
export async function subjectsRoutes(_app: AppInstance) {}
