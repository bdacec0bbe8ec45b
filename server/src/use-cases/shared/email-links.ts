import type { Db } from '../../data/database.js';
import type { EmailTokenPurpose } from '../../data/schema.js';
import { insertEmailToken } from '../../data/email-tokens.repo.js';
import type { UserRow } from '../../data/users.repo.js';
import { newSecret, secretHash } from '../../platform/auth/opaque-tokens.js';
import { newId } from '../../platform/db/ids.js';
import { escapeHtml } from '../../read/views/escape-html.js';
import type { Deps } from './deps.js';
import { commit, type Effects } from './commit.js';
import { instanceSettings } from './instance-settings.js';

/**
 * Single-use links sent by email (docs/decisions/100): the token is 256 random bits, the database keeps
 * only its SHA-256, so a copy of the database opens no account; each link expires and works once.
 */

const hour = 60 * 60 * 1000;

interface LinkKind {
  lifetimeMs: number;
  /** The web client's page that takes the token. */
  page: string;
  subject: (title: string) => string;
  /** The message's paragraphs; the link goes after the first. */
  paragraphs: (user: UserRow, address: string, title: string) => [string, string];
}

const kinds: Record<EmailTokenPurpose, LinkKind> = {
  confirm: {
    lifetimeMs: 24 * hour,
    page: '/confirm-email',
    subject: (title) => `Confirm your email address for ${title}`,
    paragraphs: (user, address, title) => [
      `Hello ${user.first_name || user.username}, please confirm that ${address} is yours by opening this link within 24 hours:`,
      `If you did not sign up on ${title} as @${user.username}, ignore this message.`,
    ],
  },
  reset: {
    lifetimeMs: hour,
    page: '/reset-password',
    subject: (title) => `Reset your password on ${title}`,
    paragraphs: (user) => [
      `Someone (we hope you) asked to reset the password of @${user.username}. Open this link within an hour to choose a new one; it works once:`,
      'If you did not ask, ignore this message: your password stays as it is.',
    ],
  },
  change: {
    lifetimeMs: 24 * hour,
    page: '/confirm-email',
    subject: (title) => `Confirm your new email address for ${title}`,
    paragraphs: (user, address) => [
      `@${user.username} asked to use ${address} as their email address. Open this link within 24 hours to confirm it; until then the old address stays:`,
      'If you did not ask for this, ignore this message: nothing changes.',
    ],
  },
};

/** How long a link of this purpose works. */
export const linkLifetimeMs = (purpose: EmailTokenPurpose): number => kinds[purpose].lifetimeMs;

/** A link to send: to whom, for what, at which address, and the server's title for the message. */
export interface Link {
  user: UserRow;
  purpose: EmailTokenPurpose;
  address: string;
  title: string;
}

/**
 * Stores a new link in `trx` and queues its message with it (`effects.mail`): the token and its mail
 * commit together, or neither (docs/decisions/121). The title is read before the transaction (SQLite's one connection is
 * the transaction's until it ends).
 */
export async function queueLink(
  trx: Db,
  effects: Effects,
  deps: Pick<Deps, 'clock' | 'mail'>,
  link: Link,
): Promise<void> {
  const { user, purpose, address, title } = link;
  const kind = kinds[purpose];
  const token = newSecret();
  const at = deps.clock.now();
  await insertEmailToken(trx, {
    id: newId(at),
    user_id: user.id,
    purpose,
    token_hash: secretHash(token),
    new_email: address,
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + kind.lifetimeMs).toISOString(),
  });
  const query = new URLSearchParams({ token, ...(purpose === 'change' && { change: '1' }) });
  const url = deps.mail.uris.at(`${kind.page}?${query}`);
  const [before, after] = kind.paragraphs(user, address, title);
  await effects.mail(at, {
    to: address,
    subject: kind.subject(title),
    text: `${before}\n\n${url}\n\n${after}\n\n${title}\n`,
    html: [
      `<p>${escapeHtml(before)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
      `<p>${escapeHtml(after)}</p>`,
      `<p>${escapeHtml(title)}</p>`,
    ].join('\n'),
  });
}

/** `queueLink` in a transaction of its own. */
export async function mailLink(deps: Deps, link: Omit<Link, 'title'>): Promise<void> {
  const { title } = await instanceSettings(deps.db, deps.mail.instance);
  await commit(deps, (trx, effects) => queueLink(trx, effects, deps, { ...link, title }));
}
