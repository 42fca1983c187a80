export { bookingPolicy } from './settings.service.ts';
export { blogPageMeta } from './blog-page-meta.ts';
export { registerContent } from './content.plugin.ts';
