export { registerMessaging } from './messaging.plugin.ts';
export { telegramCopies } from './telegram.service.ts';
