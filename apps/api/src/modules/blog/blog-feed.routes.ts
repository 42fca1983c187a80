import type { AppInstance } from '../../app.ts';

/** /blog/rss.xml (registered without the /api prefix). */
export async function blogFeedRoutes(_app: AppInstance) {}
