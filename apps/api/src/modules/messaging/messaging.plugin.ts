import type { AppInstance } from '../../platform/http/app-instance.ts';
import { privateStorage } from '../../platform/storage/private-storage.ts';
import { attachmentsRoutes } from './attachments.routes.ts';
import { unusedUploadsJob } from './attachments.service.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { messagesRoutes } from './messages.routes.ts';
import { messageNoticeJob } from './messages.service.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { reportsRoutes } from './reports.routes.ts';
import { registerSessionReminderJob } from './session-reminder.job.ts';
import { telegramRoutes } from './telegram.routes.ts';

/** Live messages, lesson reminders (e-mail, SMS, WhatsApp, Telegram) with their opt-out, and calendar feeds. */
export async function registerMessaging(app: AppInstance) {
  await app.register(messagesRoutes, { prefix: '/api' });
  // Files in messages and homework, private to the people they are for (issue 30 item 5, decision 269).
  await app.register(attachmentsRoutes, { prefix: '/api' });
  // Reports of messages and the admins' queue of reported conversations (issue 31 item 7).
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(calendarRoutes, { prefix: '/api' });
  await app.register(remindersRoutes, { prefix: '/api' });
  // Telegram for families who link it: the link and the bot's webhook (issue 30 item 6).
  await app.register(telegramRoutes, { prefix: '/api' });
  // Lesson reminders 24 h and 1 h before each session (issue 18).
  registerSessionReminderJob(app);
  // An e-mail notice when a message stays unread (NOTICE_AFTER_MS).
  app.jobs.add(messageNoticeJob(app.db, app.mailer, app.config.publicUrl));
  // Uploads nothing uses, a day after they were made (decision 269).
  app.jobs.add(unusedUploadsJob(app.db, await privateStorage(app.config)));
}
