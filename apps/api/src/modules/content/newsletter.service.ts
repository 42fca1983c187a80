import type { NewsletterResult } from '@tibeb/domain/site/contracts';
import { siteMessages } from '@tibeb/domain/site/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Counters } from '../../platform/http/rate-limit.ts';
import { RecipientCap } from '../../platform/mail/recipient-cap.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import * as repo from './newsletter.repository.ts';
import { welcomeEmail } from './newsletter.emails.ts';

/**
 * Newsletter subscriptions: subscribing twice is not an error; every subscriber gets a personal unsubscribe
 * link (the token is stored only as its hash, so a new link is made on each (re)subscription).
 */
export class NewsletterService {
  private readonly db: Db;
  private readonly mailer: Mailer;
  private readonly log: FastifyBaseLogger;
  private readonly publicUrl: string;
  private readonly cap: RecipientCap;

  constructor(deps: {
    db: Db;
    mailer: Mailer;
    log: FastifyBaseLogger;
    publicUrl: string;
    counters: Counters;
  }) {
    this.db = deps.db;
    this.mailer = deps.mailer;
    this.log = deps.log;
    this.publicUrl = deps.publicUrl;
    this.cap = new RecipientCap(deps.counters, deps.log);
  }

  async subscribe(email: string, locale?: string): Promise<NewsletterResult> {
    const token = randomToken();
    const outcome = await this.db.transaction(async (tx) => {
      const existing = await repo.findByEmail(tx, email);
      if (existing && !existing.unsubscribedAt) return 'already_subscribed' as const;
      if (existing) {
        await repo.resubscribe(tx, existing.id, hashToken(token));
        return 'resubscribed' as const;
      }
      const inserted = await repo.insertSubscriber(tx, email, hashToken(token));
      return inserted ? ('subscribed' as const) : ('already_subscribed' as const);
    });
    if (outcome === 'already_subscribed') {
      return { status: outcome, detail: siteMessages.newsletterAlreadySubscribed };
    }
    await this.sendWelcome(email, token, locale);
    return { status: outcome, detail: siteMessages.newsletterSubscribed };
  }

  unsubscribeUrl(token: string) {
    return `${this.publicUrl}/api/newsletter/unsubscribe/?token=${encodeURIComponent(token)}`;
  }

  /** Whether the token is a subscriber's who is still subscribed (the confirm page of a GET; decision 256). */
  async canUnsubscribe(token: string): Promise<boolean> {
    return repo.isSubscribedToken(this.db, hashToken(token));
  }

  async unsubscribe(token: string): Promise<boolean> {
    return repo.unsubscribeByToken(this.db, hashToken(token));
  }

  /** The welcome counts against the recipient's cap of visitor-triggered e-mail (issue 29 item 5). */
  private async sendWelcome(email: string, token: string, locale: string | undefined) {
    try {
      if (!(await this.cap.allow(email, 'newsletter_welcome'))) return;
      await this.mailer.send(welcomeEmail(email, locale, this.unsubscribeUrl(token)));
    } catch (err) {
      this.log.error({ err }, 'newsletter welcome e-mail failed');
    }
  }
}
