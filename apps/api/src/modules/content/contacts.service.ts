import type { ContactMessage, ContactMessageInput } from '@tibeb/domain/site/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Counters } from '../../platform/http/rate-limit.ts';
import { RecipientCap } from '../../platform/mail/recipient-cap.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './contacts.repository.ts';
import { acknowledgementEmail } from './contacts.emails.ts';
import { findUserByEmail } from '../accounts/index.ts';
import { adminMessages } from '@tibeb/domain/admin/messages';

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
  private readonly cap: RecipientCap;

  constructor(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; counters: Counters }) {
    this.db = deps.db;
    this.mailer = deps.mailer;
    this.log = deps.log;
    this.cap = new RecipientCap(deps.counters, deps.log);
  }

  /**
   * Stores the message, and acknowledges it with a fixed text (issue 12 item 10): nothing the sender wrote
   * (name, message, links) goes into an e-mail from the business's address, and one address gets at most one
   * acknowledgement a day, so the form cannot be used to send mail to someone else; the acknowledgement counts
   * against the recipient's cap of visitor-triggered e-mail too (issue 29 item 5).
   */
  async submit(input: ContactMessageInput, ip: string): Promise<{ id: number }> {
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      const { locale, ...message } = input;
      const inserted = await repo.insertContactMessage(tx, { ...message, ip });
      if (
        (await repo.claimAcknowledgement(tx, inserted.id, input.email, now)) &&
        (await this.cap.allow(input.email, 'contact_ack'))
      ) {
        const language = locale ?? (await findUserByEmail(tx, input.email))?.locale;
        await this.mailer.send(acknowledgementEmail(input.email, language), { tx });
      }
      return inserted;
    });
    return { id: row.id };
  }

  async list(limit: number): Promise<ContactMessage[]> {
    return (await repo.listContactMessages(this.db, limit)).map(toView);
  }

  /** An admin marks a message handled (or not); audited with who and when (decision 201). */
  async setHandled(id: number, handled: boolean, actorUserId: string | null = null): Promise<ContactMessage> {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.findContactMessage(tx, id);
      if (!before) throw notFound(adminMessages.contactMessageNotFound);
      const after = (await repo.markHandled(tx, id, handled))!;
      await recordAudit(tx, {
        actorUserId,
        action: handled ? 'mark_handled' : 'mark_unhandled',
        entityType: 'contact_message',
        entityId: String(id),
        before: { handled_at: toView(before).handled_at },
        after: { handled_at: toView(after).handled_at },
      });
      return after;
    });
    return toView(row);
  }
}
