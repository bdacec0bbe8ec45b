import type { Db } from '../../data/database.js';
import { enqueueJob } from '../../data/jobs.repo.js';
import { newId } from '../../platform/db/ids.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import type { Deps } from './deps.js';

/**
 * Mail goes through the durable job queue (docs/decisions/121): a use case queues the message in the
 * transaction of the change it tells of (`effects.mail`, commit.ts), and a worker sends it after the
 * commit, once, even if this process dies first. app/jobs.ts gives the kind its handler.
 */
export const mailJob = 'mail';

/** Queues `message` in `trx`, to be sent once the transaction commits. */
export async function enqueueMail(trx: Db, at: Date, message: MailMessage): Promise<void> {
  await enqueueJob(trx, {
    id: newId(at),
    kind: mailJob,
    payload: JSON.stringify(message),
    at: at.toISOString(),
  });
}

/** The handler of a mail job: the message, sent. */
export async function sendQueuedMail(deps: Pick<Deps, 'mail'>, payload: string): Promise<void> {
  const message: MailMessage = JSON.parse(payload);
  await deps.mail.mailer.send(message);
}
