import type { InstanceConfig } from '../../config.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Uris } from '../../platform/uris/uris.js';

/** What the email use cases need besides the database: the mailer (for the mail jobs), where links point, the server's name. */
export interface MailDeps {
  mailer: Mailer;
  /** Where the links in messages point: PUBLIC_URL, else this machine on PORT (no request to go by). */
  uris: Uris;
  /** The title's default while the admins have not set one (INSTANCE_TITLE). */
  instance: InstanceConfig;
}
