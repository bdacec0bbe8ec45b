import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../config.js';
import { openMailer } from '../platform/mail/mailer.js';
import { Site } from '../platform/uris/uris.js';
import type { MailDeps } from '../use-cases/shared/mail-deps.js';

/** Mail as the app's defaults have it: written to an outbox in a folder of the test's, logged nowhere. */
export function testMailDeps(folder = path.join(os.tmpdir(), `sync-outbox-${process.pid}`)): MailDeps {
  const config = loadConfig({});
  const log = { info: () => undefined, error: () => undefined };
  return {
    mailer: openMailer({ ...config.mail, outboxDir: folder }, log),
    uris: new Site(config.site).detached,
    instance: config.instance,
  };
}

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function parsed(source: Parameters<typeof simpleParser>[0]): Promise<ReceivedMail> {
  const mail = await simpleParser(source);
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return {
    from: mail.from?.text ?? '',
    to: to?.value[0]?.address ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/** The messages written to an outbox folder (no SMTP_URL), parsed. */
export async function readOutbox(folder: string): Promise<ReceivedMail[]> {
  const names = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  return Promise.all(names.map((name) => parsed(fs.readFileSync(path.join(folder, name)))));
}

/**
 * A real SMTP server in the test's process (smtp-server, from the Nodemailer project), on a free port:
 * the app's SMTP_URL points at it and every message it accepts is parsed and kept. `hold(matches)` makes
 * it hold the messages that match: it never answers their end of data, so their sender waits with the
 * message unsent (they are kept in `held`), until its process dies; `hold(undefined)` accepts all again.
 */
export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  held: ReceivedMail[];
  hold(matches: ((mail: ReceivedMail) => boolean) | undefined): void;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  let holding: ((mail: ReceivedMail) => boolean) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      parsed(stream)
        .then((mail) => {
          if (holding?.(mail)) return void held.push(mail);
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    held,
    hold: (matches) => void (holding = matches),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token in the first link of a message. */
export function tokenOf(mail: { text: string }): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in ${mail.text}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
