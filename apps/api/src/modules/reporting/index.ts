export { registerReporting } from './reporting.plugin.ts';
