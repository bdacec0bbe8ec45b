import { mentionedUsernames } from '@sync/contract';
import type { SummaryRow } from '../../../data/accounts.repo.js';

/**
 * A post's or comment's `unresolvedMentions`: the @names of its text that mention nobody, absent when
 * there are none. A name is a mention when an account its text was resolved to when written
 * (`mentioned`) is among the answer's people, by that name: an account deleted since is not, so its
 * name, even if someone else has taken it, shows as text.
 */
export function unresolvedMentionsField(
  text: string,
  mentioned: readonly string[] | undefined,
  people: ReadonlyMap<string, SummaryRow>,
): { unresolvedMentions?: string[] } {
  const names = mentionedUsernames(text);
  if (names.length === 0) return {};
  const resolved = new Set((mentioned ?? []).flatMap((id) => people.get(id)?.username.toLowerCase() ?? []));
  const unresolved = names.filter((name) => !resolved.has(name));
  return unresolved.length > 0 ? { unresolvedMentions: unresolved } : {};
}
