export { registerMessaging } from './messaging.plugin.ts';
