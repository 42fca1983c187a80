export { registerReporting } from './reporting.plugin.ts';
export { snapshotCached } from './reports.cache.ts';
