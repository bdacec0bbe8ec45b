import type { Db, Dialect } from '../../data/database.js';
import * as comments from '../../data/comments.repo.js';
import type * as posts from '../../data/posts.repo.js';
import type { RepostRow } from '../../data/reposts.repo.js';
import type { AccountRecord, AccountSource } from './accounts.js';
import type { HydratedComment, HydratedPost } from './posts.js';
import type { ViewerMarks } from './viewer-marks.js';
import { acceptedQuotes, noQuotes, type ShownQuotes } from './quotes.js';
import type { TaggedText } from './tags.js';

/**
 * Statuses, as the Mastodon API sees Sync (docs/decisions/070): a post, or a comment (a reply to its
 * post, or to the comment it answers). What a status view needs besides the post cache's hydrated
 * posts and comments: the accounts of their authors, of the people they answer and of the people
 * they mention, in a fixed number of queries whatever the number of statuses. Whom a text mentions is
 * what its `mentions` rows say, resolved when it was written (never the name looked up again: a name
 * freed by a deleted account and taken by someone else must not mention them).
 */
export type StatusItem =
  | { kind: 'post'; post: HydratedPost }
  | { kind: 'comment'; comment: HydratedComment; post: posts.PostRecord };

export interface HydratedStatuses {
  items: StatusItem[];
  /** Authors, the people answered and the people mentioned, by id. */
  accounts: Map<string, AccountRecord>;
  /**
   * The people each status's text mentions, by the status's id: the accounts its mentions were resolved
   * to when it was written that still exist (any other @name is not a link).
   */
  mentioned: Map<string, AccountRecord[]>;
  /**
   * The tags of each status's text that has some, by the status's id, in the text's order: recorded
   * when it was written (tags.ts).
   */
  tags: ReadonlyMap<string, readonly string[]>;
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

const authorOf = (item: StatusItem) =>
  item.kind === 'post' ? item.post.record.author_id : item.comment.record.author_id;
const hydratedOf = (item: StatusItem) => (item.kind === 'post' ? item.post : item.comment);
const idOf = (item: StatusItem) => hydratedOf(item).record.id;

/**
 * The accounts these statuses show but the authors of the comments they answer (read with the
 * statuses' context): their authors, the posts' a comment is under, whom they and the quoted posts
 * mention, the quoted posts' authors and `extra`.
 */
export function accountsOfStatuses(
  items: readonly StatusItem[],
  quotes: ShownQuotes,
  extra: readonly string[],
): string[] {
  const quoted = acceptedQuotes(quotes).map((post): StatusItem => ({ kind: 'post', post }));
  return [
    ...items.map(authorOf),
    ...items.flatMap((item) => (item.kind === 'comment' ? [item.post.author_id] : [])),
    ...extra,
    ...quoted.map(authorOf),
    ...[...items, ...quoted].flatMap((item) => hydratedOf(item).mentioned ?? []),
  ];
}

/** The text of a status, for its tags. */
export const taggedTextOf = (item: StatusItem): TaggedText =>
  item.kind === 'post'
    ? { kind: 'post', id: item.post.record.id, text: item.post.record.content }
    : { kind: 'comment', id: item.comment.record.id, text: item.comment.record.text };

/** Accounts, mentions and answered comments of these statuses; `marks` and `tags` come from the caller. */
export async function statusesContext(
  db: Db,
  dialect: Dialect,
  accounts: AccountSource,
  items: StatusItem[],
  { marks, tags }: Pick<HydratedStatuses, 'marks' | 'tags'>,
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
  const byId = await accounts.byIds([
    ...accountsOfStatuses(items, quotes, extraAccountIds),
    ...answeredRows.map((row) => row.author_id),
  ]);
  const withMentions = [...items, ...quoted];
  const mentioned = new Map(
    withMentions.map((item) => [
      idOf(item),
      (hydratedOf(item).mentioned ?? []).flatMap((id) => byId.get(id) ?? []),
    ]),
  );
  return { items, accounts: byId, mentioned, tags, answered, marks, quotes, quotable };
}
