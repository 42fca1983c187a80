import type { AppInstance } from '../../app.ts';

/** The contacts module's HTTP routes (prefix /api). */
export async function contactsRoutes(_app: AppInstance) {}
