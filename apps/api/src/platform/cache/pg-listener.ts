import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

export type PgListenerOptions = {
  channel: string;
  connect: () => pg.Client;
  log: FastifyBaseLogger;
  /** Names the listener in log lines. */
  name: string;
  onPayload: (payload: string) => void;
  onListening?: (again: boolean) => void;
};

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel and comes back by itself (250 ms, doubling to
 * 5 s) when the connection breaks. Used by the cache bus and live messages. `onPayload` gets every
 * notification's payload on the channel; `onListening(again)` runs each time LISTEN holds, `again` after a
 * reconnect (whatever was sent meanwhile is lost).
 */
export class PgListener {
  private current: pg.Client | null = null;
  private closed = false;
  private connectedOnce = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;
  listening = false;

  private readonly options: PgListenerOptions;

  constructor(options: PgListenerOptions) {
    this.options = options;
  }

  /** The listening connection, while it holds (NOTIFY can go out on it too). */
  get client(): pg.Client | null {
    return this.listening ? this.current : null;
  }

  async start() {
    await this.open();
  }

  private async open() {
    if (this.closed) return;
    const { channel, connect, log, name } = this.options;
    const client = connect();
    this.current = client;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) this.options.onPayload(message.payload);
    });
    client.on('error', (err) => {
      log.warn({ err }, `${name}: connection error`);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      log.warn({ err }, `${name}: cannot listen yet, retrying`);
      this.lost(client);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listening = true;
    this.retryMs = 250;
    const again = this.connectedOnce;
    this.connectedOnce = true;
    this.options.onListening?.(again);
  }

  private lost(client: pg.Client) {
    if (this.current !== client) return;
    this.current = null;
    this.listening = false;
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.open();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 5000);
  }

  /** Stops listening for good; `beforeEnd` may still use the connection (a last NOTIFY). */
  async close(beforeEnd?: (client: pg.Client) => Promise<void>) {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.current;
    const wasListening = this.listening;
    this.current = null;
    this.listening = false;
    if (!client) return;
    if (wasListening && beforeEnd) await beforeEnd(client).catch(() => {});
    await client.end().catch(() => {});
  }
}
