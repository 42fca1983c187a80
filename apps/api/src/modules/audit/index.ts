export { recordAudit } from './audit.service.ts';
export { registerAudit } from './audit.plugin.ts';
