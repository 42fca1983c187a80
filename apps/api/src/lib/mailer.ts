import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * Sends e-mail through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox/ and logs it (DESIGN §1.10), so a developer — or a test — can read what was sent.
 */
export class Mailer {
  private readonly transport: Transporter;
  readonly outboxDir: string | undefined;
  private readonly from: string;

  constructor(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>) {
    this.from = config.mailFrom;
    if (config.smtpUrl) {
      this.transport = nodemailer.createTransport(config.smtpUrl);
    } else {
      this.outboxDir = path.join(config.dataDir, 'outbox');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    if (this.outboxDir) {
      await fs.mkdir(this.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(
        this.outboxDir,
        `${Date.now()}-${Math.random().toString(36).slice(2, 8)}-${safeTo}.eml`,
      );
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    }
  }

  /** The messages written to the outbox for one recipient, oldest first (tests and local development). */
  async readOutbox(to: string): Promise<string[]> {
    if (!this.outboxDir) return [];
    const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
    const files = (await fs.readdir(this.outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${safeTo}.eml`))
      .sort();
    return Promise.all(files.map((f) => fs.readFile(path.join(this.outboxDir!, f), 'utf8')));
  }
}
