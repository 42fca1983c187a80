import type { ContactMessage, ContactMessageInput } from '@tibeb/domain/site/contracts';
import { siteName } from '@tibeb/domain/site/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import * as repo from './contacts.repository.ts';

const toView = (row: repo.ContactRow): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  handled_at: row.handledAt ? row.handledAt.toISOString() : null,
});

/** The contact form: stores each message for the team and acknowledges it by e-mail (DESIGN §1.10). */
export class ContactsService {
  private readonly db: Db;
  private readonly mailer: Mailer;
  private readonly log: FastifyBaseLogger;

  constructor(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger }) {
    this.db = deps.db;
    this.mailer = deps.mailer;
    this.log = deps.log;
  }

  async submit(input: ContactMessageInput, ip: string): Promise<{ id: number }> {
    const row = await repo.insertContactMessage(this.db, { ...input, ip });
    // The message is stored: a mail outage must not make the visitor send it again.
    try {
      await this.mailer.send({
        to: input.email,
        subject: `We received your message — ${siteName}`,
        text: [
          `Dear ${input.name},`,
          '',
          `Thank you for contacting ${siteName}. We have received your message and will reply within one working day.`,
          '',
          'Your message:',
          ...input.message.split('\n').map((line) => `> ${line}`),
          '',
          `— The ${siteName} team`,
        ].join('\n'),
      });
    } catch (err) {
      this.log.error({ err, contactMessageId: row.id }, 'contact acknowledgement e-mail failed');
    }
    return { id: row.id };
  }

  async list(limit: number): Promise<ContactMessage[]> {
    return (await repo.listContactMessages(this.db, limit)).map(toView);
  }

  async setHandled(id: number, handled: boolean): Promise<ContactMessage> {
    const row = await repo.markHandled(this.db, id, handled);
    if (!row) throw notFound('Message not found.');
    return toView(row);
  }
}
