import type { AppInstance } from '../../app.ts';

/** The users module's HTTP routes (prefix /api). */
export async function usersRoutes(_app: AppInstance) {}
