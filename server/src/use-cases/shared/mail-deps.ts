import type { InstanceConfig } from '../../config.js';
import type { Mailer, MailWork } from '../../platform/mail/mailer.js';

/** What the email use cases need besides the database: the mailer, where links point, the server's name. */
export interface MailDeps {
  mailer: Mailer;
  work: MailWork;
  /** PUBLIC_URL: the web client's address, for the links in messages. */
  publicUrl: string;
  /** The title's default while the admins have not set one (INSTANCE_TITLE). */
  instance: InstanceConfig;
}
