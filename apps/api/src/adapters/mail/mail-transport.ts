import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a receipt's invoice as a PDF). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** Extra header lines (a scheduled report's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Hands a finished message to the outside world: an SMTP server, or the local outbox. */
export interface MailTransport {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The default: each message is rendered by nodemailer exactly as it would go over SMTP and
 * written to DATA_DIR/outbox as an .eml file, which /dev/mailbox lists.
 */
export function createOutboxTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transporter.sendMail(message);
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time; the sequence keeps two messages of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

/** Production: SMTP via a URL such as smtps://user:pass@smtp.example.com:465. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
