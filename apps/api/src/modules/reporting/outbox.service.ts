import { adminMessages } from '@tibeb/domain/admin/messages';
import type { OutboxList, OutboxListQuery, OutboxMessage } from '@tibeb/domain/admin/outbox';
import type { Db } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/http/app-error.ts';
import { redactSecrets } from '../../platform/http/loggable-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { OutboxListRow } from '../../platform/mail/outbox.repository.ts';
import { recordAudit } from '../audit/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The mail outbox for admins (issue 29 item 4, decision 219): what is queued, failing, given up or sent, and a
 * resend. The queue itself is the platform's (`platform/mail`); this is its admin face.
 */
export class OutboxService {
  private readonly db: Db;
  private readonly mailer: Mailer;
  constructor(db: Db, mailer: Mailer) {
    this.db = db;
    this.mailer = mailer;
  }

  async list(query: OutboxListQuery): Promise<OutboxList> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 25;
    const { rows, count } = await this.mailer.list({
      ...(query.state ? { state: query.state } : {}),
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { count, page, page_size: pageSize, results: rows.map(toMessage) };
  }

  /** Due again now with its attempts reset, audited; a sent message answers 409, an unknown one 404. */
  async resend(id: string, actor: string | null): Promise<void> {
    if (!UUID.test(id)) throw notFound(adminMessages.outboxMailNotFound);
    await this.db.transaction(async (tx) => {
      const before = await this.mailer.resend(id, { tx });
      if (!before) throw notFound(adminMessages.outboxMailNotFound);
      if (before === 'sent') throw conflict(adminMessages.outboxMailAlreadySent);
      await recordAudit(tx, {
        actorUserId: actor,
        action: 'resend',
        entityType: 'mail',
        entityId: id,
        before,
        after: { state: 'pending', attempts: 0 },
      });
    });
  }
}

function toMessage(row: OutboxListRow): OutboxMessage {
  const waiting = row.state === 'pending' || row.state === 'failing';
  return {
    id: row.id,
    recipient: row.to,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    // Kept redacted since issue 29; older rows may hold a raw SMTP answer, redacted here too.
    last_error: redactSecrets(row.lastError.split('\n')[0] ?? '').slice(0, 300),
    queued_at: row.createdAt.toISOString(),
    next_try_at: waiting ? row.sendAfter.toISOString() : null,
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}
