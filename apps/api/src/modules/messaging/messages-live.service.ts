import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { LiveEvent } from '@tibeb/domain/messages/contracts';
import type { Db } from '../../platform/db/client.ts';
import { PgListener } from '../../platform/cache/pg-listener.ts';

/**
 * Live delivery of messages (DESIGN §3, issue 14 item 4). Each open stream subscribes by user id here. On the
 * embedded database there is one process, so an event goes straight to the local subscribers; on PostgreSQL it
 * goes out with NOTIFY on `tibeb_messages` and every instance (this one too) delivers what it hears to its own
 * subscribers, so a tutor on one instance and a family on another see each other's messages at once.
 */
export const messagesChannel = 'tibeb_messages';
/** NOTIFY payloads must stay under 8000 bytes; a longer message goes without its body (readers refetch). */
const maxPayload = 7500;

type Envelope = { to: string[]; event: LiveEvent };

export class MessagesLive {
  private readonly local = new EventEmitter();
  private listener: PgListener | null = null;
  private readonly pool: (pg.Pool & { options: pg.ClientConfig }) | null;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, engine: 'pglite' | 'postgres', log: FastifyBaseLogger) {
    this.local.setMaxListeners(0);
    this.log = log;
    this.pool =
      engine === 'postgres'
        ? (db as unknown as { $client: pg.Pool & { options: pg.ClientConfig } }).$client
        : null;
  }

  /** Calls `listener` with every event for `userId` until the answered function is called. */
  subscribe(userId: string, listener: (event: LiveEvent) => void): () => void {
    this.local.on(userId, listener);
    return () => this.local.off(userId, listener);
  }

  subscriberCount(userId: string) {
    return this.local.listenerCount(userId);
  }

  /** Sends `event` to the users' open streams on every instance. */
  async publish(to: string[], event: LiveEvent): Promise<void> {
    if (!this.pool) {
      this.deliver({ to, event });
      return;
    }
    let payload = JSON.stringify({ to, event } satisfies Envelope);
    if (Buffer.byteLength(payload) > maxPayload && event.type === 'message') {
      const { body: _dropped, ...rest } = event;
      payload = JSON.stringify({ to, event: rest });
    }
    try {
      await this.pool.query('select pg_notify($1, $2)', [messagesChannel, payload]);
    } catch (err) {
      // The message is stored; readers see it on their next load. Deliver locally at least.
      this.log.warn({ err }, 'messages: notify failed');
      this.deliver({ to, event });
    }
  }

  private deliver(envelope: Envelope) {
    for (const userId of envelope.to) this.local.emit(userId, envelope.event);
  }

  get listening() {
    return this.listener?.listening ?? false;
  }

  async start() {
    if (!this.pool) return;
    const pool = this.pool;
    const { default: pgModule } = await import('pg');
    this.listener = new PgListener({
      channel: messagesChannel,
      connect: () => new pgModule.Client({ ...pool.options }),
      log: this.log,
      name: 'messages',
      onPayload: (payload) => {
        try {
          this.deliver(JSON.parse(payload) as Envelope);
        } catch {
          // Not ours.
        }
      },
    });
    await this.listener.start();
  }

  async close() {
    this.local.removeAllListeners();
    await this.listener?.close();
  }
}
