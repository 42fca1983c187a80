import type { AppInstance } from '../../app.ts';

/** The tutors module's HTTP routes (prefix /api). */
export async function tutorsRoutes(_app: AppInstance) {}
