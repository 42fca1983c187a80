import type { AppInstance } from '../../app.ts';

/** robots.txt and sitemap.xml at the site root (registered without the /api prefix). */
export async function seoRoutes(_app: AppInstance) {}
