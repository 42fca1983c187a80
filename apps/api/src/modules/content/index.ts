export { bookingPolicy } from './settings.service.ts';
export { blogPageMeta } from './blog-meta.page.ts';
export { registerContent } from './content.plugin.ts';
