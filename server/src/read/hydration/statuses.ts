import { mentionedUsernames } from '@sync/contract';
import type { Db, Dialect } from '../../data/database.js';
import * as comments from '../../data/comments.repo.js';
import type * as posts from '../../data/posts.repo.js';
import type { RepostRow } from '../../data/reposts.repo.js';
import type { AccountRecord, AccountSource } from './accounts.js';
import type { HydratedComment, HydratedPost } from './posts.js';
import type { ViewerMarks } from './viewer-marks.js';
import { acceptedQuotes, noQuotes, type ShownQuotes } from './quotes.js';

/**
 * Statuses, as the Mastodon API sees Sync (docs/decisions/070): a post, or a comment (a reply to its
 * post, or to the comment it answers). What a status view needs besides the post cache's hydrated
 * posts and comments: the accounts of their authors, of the people they answer and of the people
 * they mention, in a fixed number of queries whatever the number of statuses.
 */
export type StatusItem =
  | { kind: 'post'; post: HydratedPost }
  | { kind: 'comment'; comment: HydratedComment; post: posts.PostRecord };

export interface HydratedStatuses {
  items: StatusItem[];
  /** Authors and the people answered, by id. */
  accounts: Map<string, AccountRecord>;
  /** The people the texts mention, by lower-cased username (unknown names are not links). */
  mentioned: Map<string, AccountRecord>;
  /** The comments the comments answer, by id (for `in_reply_to_account_id`). */
  answered: Map<string, comments.CommentRecord>;
  marks: ViewerMarks | undefined;
  /** The quotes of the posts that quote another, as the viewer sees them (quotes.ts). */
  quotes: ShownQuotes;
  /** The posts (quoted ones too) the viewer may quote; undefined when signed out (quotes.ts). */
  quotable: ReadonlySet<string> | undefined;
  /**
   * The posts shown as reblogs (docs/decisions/092), by post id: the repost each is shown as, whose
   * reposter is among `accounts`. A list holds a post once, so once as a reblog at most.
   */
  reblogs?: ReadonlyMap<string, RepostRow>;
}

const textOf = (item: StatusItem) =>
  item.kind === 'post' ? item.post.record.content : item.comment.record.text;
const authorOf = (item: StatusItem) =>
  item.kind === 'post' ? item.post.record.author_id : item.comment.record.author_id;

/** The usernames each post's or comment's text mentions, kept with it (its text is fixed while it lives). */
const mentionsKept = new WeakMap<HydratedPost | HydratedComment, string[]>();

/** The usernames a status's text mentions, in order. */
export function mentionsOf(item: StatusItem): string[] {
  const hydrated = item.kind === 'post' ? item.post : item.comment;
  let names = mentionsKept.get(hydrated);
  if (!names) {
    names = mentionedUsernames(textOf(item));
    mentionsKept.set(hydrated, names);
  }
  return names;
}

/** Accounts, mentions and answered comments of these statuses; `marks` come from the caller. */
export async function statusesContext(
  db: Db,
  dialect: Dialect,
  accounts: AccountSource,
  items: StatusItem[],
  marks: ViewerMarks | undefined,
  extraAccountIds: readonly string[] = [],
  quotes: ShownQuotes = noQuotes,
  quotable?: ReadonlySet<string>,
): Promise<HydratedStatuses> {
  const quoted = acceptedQuotes(quotes).map((post): StatusItem => ({ kind: 'post', post }));
  // A thread holds most of the comments its comments answer: only the others are read.
  const shown = new Map(
    items.flatMap((item) => (item.kind === 'comment' ? [[item.comment.record.id, item.comment.record]] : [])),
  );
  const answeredIds = items.flatMap((item) =>
    item.kind === 'comment' && item.comment.record.reply_to_id ? [item.comment.record.reply_to_id] : [],
  );
  const toRead = answeredIds.filter((id) => !shown.has(id));
  const answeredRows = [
    ...answeredIds.flatMap((id) => shown.get(id) ?? []),
    ...(toRead.length > 0 ? await comments.commentsByIds(db, dialect, toRead) : []),
  ];
  const answered = new Map(answeredRows.map((row) => [row.id, row]));
  const accountIds = [
    ...items.map(authorOf),
    ...items.flatMap((item) => (item.kind === 'comment' ? [item.post.author_id] : [])),
    ...answeredRows.map((row) => row.author_id),
    ...extraAccountIds,
    ...quoted.map(authorOf),
  ];
  const [byId, mentioned] = await Promise.all([
    accounts.byIds(accountIds),
    accounts.byUsernames([...items, ...quoted].flatMap(mentionsOf)),
  ]);
  return { items, accounts: byId, mentioned, answered, marks, quotes, quotable };
}
