import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.js';
import { ensurePrivateDirectory } from '../ops/private-files.js';

/** One message to one person: a plain-text body and the same in simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; the use cases see only this (deps.mail), as they see a MediaStore for files. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Through the SMTP server at `smtpUrl` (nodemailer keeps a small pool of connections). */
function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(`${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`, {
    from,
  });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/**
 * Without an SMTP server (a laptop's `npm start`), each message becomes an .eml file in `folder`, private
 * to the server's user like the rest of DATA_DIR, and its links are logged so a person can follow them.
 */
function outboxMailer(folder: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { message: eml } = await transport.sendMail({ ...message, from });
      ensurePrivateDirectory(folder);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(folder, name);
      await fs.promises.writeFile(file, eml, { mode: 0o600 });
      log.info(
        { to: message.to, file, links: message.text.match(/https?:\/\/\S+/g) ?? [] },
        `mail written to the outbox (no SMTP_URL): ${message.subject}`,
      );
    },
    close: () => undefined,
  };
}

export function openMailer(config: MailConfig, log: MailLog): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.from)
    : outboxMailer(config.outboxDir, config.from, log);
}
