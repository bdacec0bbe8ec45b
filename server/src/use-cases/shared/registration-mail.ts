import type { UserRow } from '../../data/users.repo.js';
import { escapeHtml } from '../../read/views/escape-html.js';
import type { Deps } from './deps.js';
import type { Effects } from './commit.js';

/** A moderator's decision on a sign-up that waited for approval, as the person hears of it. */
export type RegistrationDecision = 'approved' | 'rejected';

function wording(decision: RegistrationDecision, user: UserRow, title: string, loginUrl: string) {
  const hello = `Hello ${user.first_name || user.username},`;
  return decision === 'approved'
    ? {
        subject: `Welcome to ${title}: your account is approved`,
        paragraphs: [
          `${hello} a moderator of ${title} approved your sign-up as @${user.username}. You can log in now:`,
          loginUrl,
        ],
      }
    : {
        subject: `Your sign-up on ${title} was not approved`,
        paragraphs: [
          `${hello} a moderator of ${title} did not approve your sign-up as @${user.username}. The account was deleted, and nothing of it is kept.`,
        ],
      };
}

/**
 * Queues, with the decision's transaction (`effects.mail`), the message that tells a person who signed up and waited
 * that a moderator decided (an account without an address is not told). `title` is the server's,
 * read before the transaction.
 */
export async function queueRegistrationDecision(
  effects: Effects,
  deps: Pick<Deps, 'mail'>,
  decided: { user: UserRow; decision: RegistrationDecision; title: string; at: Date },
): Promise<void> {
  const { user, decision, title, at } = decided;
  if (!user.email) return;
  const { subject, paragraphs } = wording(decision, user, title, deps.mail.uris.at('/login'));
  await effects.mail(at, {
    to: user.email,
    subject,
    text: [...paragraphs, title].join('\n\n') + '\n',
    html: [...paragraphs, title].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  });
}
