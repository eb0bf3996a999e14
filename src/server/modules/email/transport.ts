/**
 * The e-mail port: SMTP through nodemailer when `SMTP_URL` is set, otherwise an outbox —
 * each message kept as an `.eml` file under `DATA_DIR/outbox/` (its row in `email_messages`
 * is written by the service either way), so a shop with no mail server loses nothing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';

export interface OutgoingMail {
  /** Our message id (the `email_messages` row). */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ providerMessageId: string | null }>;
  close(): void;
}

function messageIdHeader(mail: OutgoingMail, publicUrl: string): string {
  return `<${mail.id}@${new URL(publicUrl).hostname}>`;
}

/** Made on the first call, then the same every time. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** nodemailer (60 files) loads with the first message, not with the shop. */
const loadNodemailer = once(async () => (await import('nodemailer')).default);

export function createSmtpTransport(smtpUrl: string, publicUrl: string): MailTransport {
  const transporter = once(async () => (await loadNodemailer()).createTransport(smtpUrl));
  let opened: Awaited<ReturnType<typeof transporter>> | undefined;
  return {
    kind: 'smtp',
    async send(mail) {
      opened = await transporter();
      const info = await opened.sendMail({ ...mail, messageId: messageIdHeader(mail, publicUrl) });
      if (info.rejected.length > 0) throw new Error(`The mail server refused ${info.rejected.join(', ')}`);
      return { providerMessageId: info.messageId ?? null };
    },
    close: () => opened?.close(),
  };
}

export function outboxDirectory(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

export function createOutboxTransport(directory: string, publicUrl: string): MailTransport {
  // nodemailer builds the complete MIME message; we keep it instead of sending it.
  const builder = once(async () =>
    (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  let opened: Awaited<ReturnType<typeof builder>> | undefined;
  return {
    kind: 'outbox',
    async send(mail) {
      const messageId = messageIdHeader(mail, publicUrl);
      opened = await builder();
      const info = await opened.sendMail({ ...mail, messageId });
      // Each message holds a customer's name, address and e-mail: readable by the shop's user only.
      await mkdir(directory, { recursive: true, mode: 0o700 });
      await writeFile(join(directory, `${mail.id}.eml`), info.message as Buffer, { mode: 0o600 });
      return { providerMessageId: messageId };
    },
    close: () => opened?.close(),
  };
}

export function createMailTransport(config: Config): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.publicUrl)
    : createOutboxTransport(outboxDirectory(config), config.publicUrl);
}
