import { createHash } from 'node:crypto';
import { isHashtag, normalizeTag } from '@sync/contract';
import * as comments from '../../data/comments.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as skeletons from '../../data/post-skeletons.repo.js';
import * as entities from '../../data/text-entities.repo.js';
import * as bookmarks from '../../data/bookmarks.repo.js';
import * as idempotencyKeys from '../../data/idempotency-keys.repo.js';
import * as users from '../../data/users.repo.js';
import type { TimeWindow } from '../../platform/db/keyset.js';
import { timeOfId } from '../../platform/db/ids.js';
import { HttpError, recordNotFound } from '../../platform/http/errors.js';
import { AlreadyDone, NotFound } from '../shared/domain-errors.js';
import type {
  AccountRecord,
  HydratedComment,
  HydratedStatuses,
  StatusItem,
  StatusRef,
} from '../../read/hydration/hydrator.js';
import {
  castVote,
  changeComment,
  checkCommentText,
  removeComment,
  writeComment,
} from '../shared/comment-writes.js';
import { versionsOf } from '../shared/edit-history.js';
import { describeMedia } from '../shared/media-attachments.js';
import { cursorPage, noBounds, type CursorWindow, type PageBounds } from '../shared/cursor-windows.js';
import { homeItems, itemKey, profileItems, repostOfItem, type ListItem } from '../shared/repost-items.js';
import type { RepostRow } from '../../data/reposts.repo.js';
import * as reposts from '../../data/reposts.repo.js';
import type { Keep } from '../../platform/http/pagination.js';
import { addRepost, removeRepost } from '../shared/repost-writes.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import {
  changePost,
  checkContent,
  react,
  removePost,
  writePost,
  type WrittenAlongside,
} from '../shared/post-writes.js';
import { offsetPage } from '../shared/offset-pages.js';
import { filledWindow } from '../shared/window-pages.js';
import { visiblePeopleRows, visiblePostRows, visibleStatusRows } from '../shared/visible-rows.js';
import type { PostRef } from '../../data/post-ref.js';
import type { ReadContext } from '../../read/rules/viewer-rules.js';
import { onPost, refuseAcrossBlock } from '../shared/blocks-between.js';
import { changeQuotePolicy, unquote } from '../shared/quotes.js';
import type { QuotePolicy } from '../../data/schema.js';

/**
 * Statuses: the Mastodon API's one resource for Sync's posts and comments (docs/decisions/070). Reads
 * return hydrated statuses (the read pipeline's skeletons and hydrator, shared with Sync's own API) for
 * the Mastodon views; writes go through the same steps as Sync's own routes (use-cases/shared/).
 */

/**
 * A status found by id: a post's record (`repost`: found by the id of a repost of it, a reblog's), or
 * a comment with its post.
 */
type FoundStatus =
  | { kind: 'post'; ref: posts.PostRecord; repost?: RepostRow }
  | { kind: 'comment'; comment: comments.CommentRecord; post: posts.PostRecord };

/** A status by id: a post, else a comment with its post; undefined when neither exists. */
async function findStatus(deps: Deps, id: string): Promise<FoundStatus | undefined> {
  // Every id Sync made is a UUIDv7: anything else names nothing (a 404, as an unknown id is).
  if (!timeOfId(id)) return undefined;
  const post = await posts.findPost(deps.db, id);
  if (post) return { kind: 'post', ref: post };
  const [comment] = await comments.commentsByIds(deps.db, deps.dialect, [id]);
  if (!comment) {
    // A reblog's id: Mastodon acts on the status it reblogs.
    const repost = await reposts.findRepost(deps.db, id);
    const reblogged = repost && (await posts.findPost(deps.db, repost.post_id));
    return reblogged && { kind: 'post', ref: reblogged, repost };
  }
  const parent = await posts.findPost(deps.db, comment.post_id);
  return parent && { kind: 'comment', comment, post: parent };
}

async function requireStatus(deps: Deps, id: string): Promise<FoundStatus> {
  const found = await findStatus(deps, id);
  if (!found) throw recordNotFound();
  return found;
}

/**
 * Refuses an act on a status across a block with its author (or, for a comment, the post's): the
 * blocked person gets the 404 of an unknown status, as Mastodon words it. The shared write steps check
 * again in their transactions, where a missing post is still answered in Sync's words (decision 122);
 * this one answers first, in Mastodon's.
 */
async function refuseAcrossBlockOn(db: Deps['db'], viewerId: string, found: FoundStatus): Promise<void> {
  const [postId, authors] =
    found.kind === 'post'
      ? [found.ref.id, [found.ref.author_id]]
      : [found.post.id, [found.comment.author_id, found.post.author_id]];
  try {
    await refuseAcrossBlock(db, { actorId: viewerId, otherIds: authors, act: onPost(postId) });
  } catch (error) {
    throw error instanceof NotFound ? recordNotFound() : error;
  }
}

/** Newest first, whatever order the window read them in. */
function newestFirst<Row>(rows: Row[], window: TimeWindow): Row[] {
  return window.oldestFirst ? rows.reverse() : rows;
}

const postRefs = (refs: readonly posts.PostRecord[] | readonly { id: string; version: number }[]) =>
  refs.map((ref): StatusRef => ({ kind: 'post', ref }));

/**
 * A window of statuses, newest first. `readUpTo`: the id of the last status the window read when the
 * rules left it short with more to read (window-pages.ts); its `Link` continues from there.
 */
export type StatusWindow = HydratedStatuses & { readUpTo?: string | undefined };

/**
 * A window of a list of statuses as the viewer sees it where it is read: the rows the rules hide are
 * dropped and the window refilled (window-pages.ts), then the rest hydrated newest first.
 */
async function statusWindow<Row>(
  deps: Deps,
  input: {
    viewerId: string | undefined;
    window: TimeWindow;
    context: ReadContext;
    load: (window: TimeWindow) => Promise<Row[]>;
    keyOf: (row: Row) => [string, string];
    statusOf: (row: Row) => StatusRef;
    /** A list that holds reblogs (docs/decisions/092): the repost a row is, and what else it keeps. */
    reblogs?: { repostOf: (row: Row) => RepostRow | undefined; keep: Keep<Row> };
  },
): Promise<StatusWindow> {
  const { window, statusOf, reblogs } = input;
  const visible = visibleStatusRows(deps, input.viewerId, input.context, statusOf);
  const { rows, readUpTo } = await filledWindow(
    window,
    input.load,
    input.keyOf,
    reblogs ? async (read) => reblogs.keep(await visible(read)) : visible,
  );
  const shown = newestFirst(rows, window);
  const reposts = reblogs ? shown.flatMap((row) => reblogs.repostOf(row) ?? []) : [];
  const hydrated = await deps.hydrator.statuses(
    shown.map(statusOf),
    input.viewerId,
    input.context,
    reposts.map((repost) => repost.user_id),
  );
  return {
    ...hydrated,
    ...(reposts.length > 0 && { reblogs: new Map(reposts.map((repost) => [repost.post_id, repost])) }),
    readUpTo: readUpTo?.[1],
  };
}

const newestKey = <Row extends { created_at: string; id: string }>(row: Row): [string, string] => [
  row.created_at,
  row.id,
];
const postStatus = (ref: PostRef): StatusRef => ({ kind: 'post', ref });

/** `GET /api/v1/statuses/:id` */
export async function getStatus(deps: Deps, input: { id: string; viewerId: string | undefined }) {
  const found = await requireStatus(deps, input.id);
  if (found.kind === 'post' && found.repost)
    return reblogStatus(deps, found.ref, found.repost, input.viewerId);
  const hydrated = await deps.hydrator.statuses([found], input.viewerId, 'post');
  if (hydrated.items.length === 0) throw recordNotFound();
  return hydrated;
}

/** A status the viewer can open (no block either way with its authors, no suspension), else 404. */
async function requireOpenStatus(deps: Deps, id: string, viewerId: string | undefined): Promise<FoundStatus> {
  const found = await requireStatus(deps, id);
  const rules = await deps.hydrator.rules(viewerId);
  const authors =
    found.kind === 'post' ? [found.ref.author_id] : [found.comment.author_id, found.post.author_id];
  if (!authors.every((author) => rules.seesAccount(author))) throw recordNotFound();
  return found;
}

/** A reblog as the viewer sees it (docs/decisions/092); 404 when they see neither it nor its post. */
async function reblogStatus(
  deps: Deps,
  post: posts.PostRecord,
  repost: RepostRow,
  viewerId: string | undefined,
): Promise<HydratedStatuses> {
  if (!(await deps.hydrator.rules(viewerId)).seesAccount(repost.user_id)) throw recordNotFound();
  const hydrated = await deps.hydrator.statuses([{ kind: 'post', ref: post }], viewerId, 'post', [
    repost.user_id,
  ]);
  if (hydrated.items.length === 0) throw recordNotFound();
  return { ...hydrated, reblogs: new Map([[post.id, repost]]) };
}

/**
 * `POST /api/v1/statuses/:id/reblog|unreblog`: a post's repost (a reblog's id names its post, as on
 * Mastodon); idempotent. A reblog answers the reblog; an unreblog, the post. Replies are not reposted
 * (422); a reblog across a block is refused, an unreblog is not.
 */
export async function reblog(deps: Deps, input: { viewerId: string; id: string; on: boolean }) {
  const found = await requireStatus(deps, input.id);
  if (found.kind === 'comment')
    throw new HttpError(422, 'Only posts can be reblogged on Sync, not replies: reblog the post it is on.');
  // Before the post is read as the viewer sees it: the blocker is told why, not that it is gone.
  if (input.on) await refuseAcrossBlockOn(deps.db, input.viewerId, found);
  if (!(await deps.hydrator.rules(input.viewerId)).seesAccount(found.ref.author_id)) throw recordNotFound();
  if (input.on) {
    const { record, repost } = await addRepost(deps, { viewerId: input.viewerId, postId: found.ref.id });
    if (!repost) throw recordNotFound();
    return reblogStatus(deps, record, repost, input.viewerId);
  }
  const { record } = await removeRepost(deps, { viewerId: input.viewerId, postId: found.ref.id });
  const hydrated = await deps.hydrator.statuses([{ kind: 'post', ref: record }], input.viewerId, 'post');
  if (hydrated.items.length === 0) throw recordNotFound();
  return hydrated;
}

/**
 * `GET /api/v1/statuses/:id/reblogged_by`: who reposted a post, the latest first, paged as
 * `favourited_by` is; a reply has none.
 */
export async function rebloggedBy(
  deps: Deps,
  input: { id: string; viewerId: string | undefined; window: CursorWindow },
): Promise<{ accounts: AccountRecord[]; bounds: PageBounds }> {
  const found = await requireOpenStatus(deps, input.id, input.viewerId);
  if (found.kind === 'comment') return { accounts: [], bounds: noBounds };
  const kind = { ...reposts.reposters, scope: `reblogged_by:${found.ref.id}` };
  const { rows, bounds } = await cursorPage(
    deps,
    kind,
    input.window,
    (window) => reposts.reposterWindow(deps.db, found.ref.id, window),
    (row) => [row.created_at, row.id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.user_id),
  );
  const accounts = await deps.hydrator.accounts(rows.map((row) => row.user_id));
  return { accounts: rows.flatMap((row) => accounts.get(row.user_id) ?? []), bounds };
}

/**
 * `GET /api/v1/timelines/home`: the posts of the people the viewer follows and the viewer's own, and
 * their reblogs, each post once (docs/decisions/092).
 */
export async function homeTimeline(deps: Deps, input: { viewerId: string; window: TimeWindow }) {
  const list = await homeItems(deps, input.viewerId);
  return statusWindow(deps, {
    viewerId: input.viewerId,
    window: input.window,
    context: 'home',
    load: list.load,
    keyOf: itemKey,
    statusOf: postStatus,
    reblogs: { repostOf: repostOfItem, keep: list.keep },
  });
}

/** `GET /api/v1/timelines/public`: everyone's posts (all of Sync's are local and public). */
export async function publicTimeline(
  deps: Deps,
  input: { viewerId: string | undefined; window: TimeWindow },
) {
  return statusWindow(deps, {
    viewerId: input.viewerId,
    window: input.window,
    context: 'public',
    load: (window) =>
      skeletons.newestPostRefs(deps.db, {
        after: window.olderThan,
        newerThan: window.newerThan,
        oldestFirst: window.oldestFirst,
        limit: window.limit,
      }),
    keyOf: newestKey,
    statusOf: postStatus,
  });
}

/** `GET /api/v1/trends/statuses`: Sync's trending posts (most liked, then newest), a page by offset. */
export async function trendingStatuses(
  deps: Deps,
  input: { viewerId: string | undefined; limit: number; offset: number },
) {
  const refs = await offsetPage(
    input.offset,
    input.limit,
    (count) => skeletons.trendingPostRefs(deps.db, { after: undefined, limit: count }),
    visiblePostRows(deps, input.viewerId, 'public'),
  );
  return deps.hydrator.statuses(postRefs(refs), input.viewerId, 'public');
}

/** `GET /api/v1/timelines/tag/:hashtag` */
export async function tagTimeline(
  deps: Deps,
  input: { tag: string; viewerId: string | undefined; window: TimeWindow },
): Promise<StatusWindow> {
  return taggedStatuses(deps, input);
}

/**
 * A window of the posts with a tag (any case, with or without its #), of everyone or of one author
 * (read on their profile).
 */
async function taggedStatuses(
  deps: Deps,
  input: { tag: string; viewerId: string | undefined; window: TimeWindow; authorId?: string },
): Promise<StatusWindow> {
  const tag = normalizeTag(input.tag);
  const context = input.authorId === undefined ? 'public' : 'account';
  if (!isHashtag(tag)) return deps.hydrator.statuses([], input.viewerId, context);
  return statusWindow(deps, {
    viewerId: input.viewerId,
    window: input.window,
    context,
    load: async (window) => {
      const rows = await entities.taggedPage(deps.db, tag, window.olderThan, window.limit, {
        ...window,
        authorId: input.authorId,
      });
      // A post deleted since its tag row was read is left out.
      return deps.hydrator.recordsOf(rows.map((row) => row.post_id));
    },
    keyOf: newestKey,
    statusOf: postStatus,
  });
}

/** Comments in thread order: each followed by its answers (depth first), siblings oldest first. */
function threadOrder(all: readonly HydratedComment[], rootId: string | null): HydratedComment[] {
  const ids = new Set(all.map((comment) => comment.record.id));
  const children = new Map<string | null, HydratedComment[]>();
  for (const comment of all) {
    // An answer to a comment that is gone (or beyond the cap) hangs from the post.
    const answered = comment.record.reply_to_id;
    const parent = answered && ids.has(answered) ? answered : null;
    children.set(parent, [...(children.get(parent) ?? []), comment]);
  }
  const ordered: HydratedComment[] = [];
  const visit = (parent: string | null) => {
    for (const child of children.get(parent) ?? []) {
      ordered.push(child);
      visit(child.record.id);
    }
  };
  visit(rootId);
  return ordered;
}

/**
 * `GET /api/v1/statuses/:id/context`: for a post, its comments in thread order; for a comment, the post
 * and the comments it answers above it, and its answers below it. The comments are those of the post's
 * whole page (Sync's full post: up to `caps.entries`, with their first voters), from the post cache.
 */
export async function statusContext(deps: Deps, input: { id: string; viewerId: string | undefined }) {
  const found = await requireStatus(deps, input.id);
  const post = found.kind === 'post' ? found.ref : found.post;
  const [whole] = await deps.hydrator.posts([post], 'full');
  if (!whole) throw recordNotFound();
  const all = whole.comments;
  const byId = new Map(all.map((comment) => [comment.record.id, comment]));
  const asStatus = (comment: HydratedComment): StatusItem => ({
    kind: 'comment',
    comment,
    post: whole.record,
  });
  let ancestors: StatusItem[] = [];
  let descendants: HydratedComment[];
  if (found.kind === 'post') {
    descendants = threadOrder(all, null);
  } else {
    const chain: HydratedComment[] = [];
    for (let id = found.comment.reply_to_id; id && byId.has(id) && chain.length < all.length;) {
      const answered = byId.get(id)!;
      chain.unshift(answered);
      id = answered.record.reply_to_id;
    }
    ancestors = [{ kind: 'post', post: whole }, ...chain.map(asStatus)];
    descendants = threadOrder(all, found.comment.id);
  }
  const hydrated = await deps.hydrator.statusesOf(
    [...ancestors, ...descendants.map(asStatus)],
    input.viewerId,
    'thread',
  );
  return {
    ancestors: { ...hydrated, items: hydrated.items.slice(0, ancestors.length) },
    descendants: { ...hydrated, items: hydrated.items.slice(ancestors.length) },
  };
}

/**
 * `GET /api/v1/accounts/:id/statuses`: the account's posts and its comments (replies), newest first:
 * the newest of each kind in the window, merged. `excludeReplies` leaves out the replies to others
 * (a comment continuing the account's own thread stays, as on Mastodon); `tagged`, the account's posts
 * with that tag (comments are not indexed by tag). An unknown account is 404.
 */
export async function accountStatuses(
  deps: Deps,
  input: {
    accountId: string;
    viewerId: string | undefined;
    window: TimeWindow;
    excludeReplies: boolean;
    /** Only statuses with images (`only_media`). */
    onlyMedia: boolean;
    tagged?: string | undefined;
    /** Leaves the account's reblogs out (`exclude_reblogs`). */
    excludeReblogs?: boolean | undefined;
  },
): Promise<StatusWindow> {
  if (!timeOfId(input.accountId) || !(await users.findUserById(deps.db, input.accountId)))
    throw recordNotFound();
  // Someone the viewer does not see (a block either way, a suspension) has nothing to show them.
  if (!(await deps.hydrator.rules(input.viewerId)).seesAccount(input.accountId))
    return deps.hydrator.statuses([], input.viewerId, 'account');
  if (input.tagged !== undefined)
    return taggedStatuses(deps, { ...input, tag: input.tagged, authorId: input.accountId });
  // Its reblogs are among its statuses, each post once (its own post it reblogged, as the reblog).
  const shared =
    input.excludeReblogs || input.onlyMedia
      ? undefined
      : profileItems(deps, { authorId: input.accountId, viewerId: input.viewerId, withPosts: false });
  return statusWindow(deps, {
    viewerId: input.viewerId,
    window: input.window,
    context: 'account',
    load: async (window) => {
      const [own, reblogs] = await Promise.all([
        accountStatusesIn(deps, { ...input, window }),
        shared ? shared.load(window) : [],
      ]);
      const items: AccountItem[] = [
        ...own,
        ...reblogs.map((item) => ({ at: item.created_at, id: item.item_id, status: postStatus(item), item })),
      ];
      return inWindowOrder(items, window).slice(0, window.limit);
    },
    keyOf: (item) => [item.at, item.id],
    statusOf: (item) => item.status,
    reblogs: {
      repostOf: (row) => (row.item ? repostOfItem(row.item) : undefined),
      keep: async (rows) => {
        const reblogged = new Set(rows.flatMap((row) => (row.item ? [row.item.id] : [])));
        const newest = await reposts.newestRepostsAmong(
          deps.db,
          deps.dialect,
          rows.flatMap((row) => (row.status.kind === 'post' && !row.item ? [row.id] : [])),
          [input.accountId],
        );
        // A post of its own it reblogged shows once, as the reblog.
        return rows.filter((row) => row.item || !(newest.has(row.id) || reblogged.has(row.id)));
      },
    },
  });
}

/** A status of an account's list: its own post or comment, or (`item`) its reblog of a post. */
type AccountItem = { at: string; id: string; status: StatusRef; item?: ListItem };

/** Items by (at, id), in the window's reading order. */
function inWindowOrder<Item extends { at: string; id: string }>(items: Item[], window: TimeWindow): Item[] {
  const sign = window.oldestFirst ? 1 : -1;
  return items.sort((a, b) => sign * (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
}

/**
 * The account's posts and comments in a window, in the window's reading order: the first `limit` of
 * each kind, merged and cut to `limit`.
 */
async function accountStatusesIn(
  deps: Deps,
  input: { accountId: string; window: TimeWindow; excludeReplies: boolean; onlyMedia: boolean },
): Promise<{ at: string; id: string; status: StatusRef }[]> {
  const { window } = input;
  const ownPosts = await skeletons.newestPostRefs(deps.db, {
    authorId: input.accountId,
    minMedia: input.onlyMedia ? 1 : undefined,
    after: window.olderThan,
    newerThan: window.newerThan,
    oldestFirst: window.oldestFirst,
    limit: window.limit,
  });
  const items: { at: string; id: string; status: StatusRef }[] = ownPosts.map((ref) => ({
    at: ref.created_at,
    id: ref.id,
    status: { kind: 'post', ref },
  }));
  const written = await comments.commentsOfAuthorWindow(deps.db, input.accountId, window, {
    selfRepliesOnly: input.excludeReplies,
    withMediaOnly: input.onlyMedia,
  });
  const parents = new Map(
    (
      await posts.postsByIds(
        deps.db,
        deps.dialect,
        written.map((comment) => comment.post_id),
      )
    ).map((record) => [record.id, record]),
  );
  for (const comment of written) {
    const post = parents.get(comment.post_id);
    if (post)
      items.push({ at: comment.created_at, id: comment.id, status: { kind: 'comment', comment, post } });
  }
  return inWindowOrder(items, window).slice(0, window.limit);
}

/** How long an `Idempotency-Key` answers with the status it made, as on Mastodon. */
const idempotencyWindowMs = 60 * 60_000;

/** The key is claimed by a request that is still being written (seen only if its claim vanished). */
class KeyTaken extends HttpError {
  constructor() {
    super(409, 'Another request with this Idempotency-Key is being handled: try again.');
  }
}

/** What a new status is made of (`POST /api/v1/statuses`). */
type StatusInput = {
  viewerId: string;
  text: string;
  inReplyToId: string | undefined;
  /** Uploads of the viewer's (`media_ids[]`), in this order. */
  mediaIds: readonly string[];
  sensitive: boolean;
  /** Mastodon 4.5's `quoted_status_id`: the post it quotes (a post only: Sync's comments quote nothing). */
  quotedStatusId?: string | undefined;
  quotePolicy?: QuotePolicy | undefined;
};

/**
 * `POST /api/v1/statuses`: a post, or with `in_reply_to_id` a comment: on the post it names, or on the
 * post of the comment it names, answering that comment. With an `Idempotency-Key`, the person's same key
 * within an hour answers the status it made instead of posting again (an app retrying after a lost
 * answer), also when both requests arrive at once: the key is claimed in the status's own transaction,
 * so the second of two claims fails and that request answers the first one's status.
 */
export async function createStatus(deps: Deps, input: StatusInput & { idempotencyKey: string | undefined }) {
  if (input.idempotencyKey === undefined) return writeStatus(deps, input, undefined);
  const keyHash = createHash('sha256').update(input.idempotencyKey).digest('hex');
  const now = deps.clock.now();
  const since = new Date(now.getTime() - idempotencyWindowMs).toISOString();
  const statusOfKey = () => idempotencyKeys.statusOfKey(deps.db, input.viewerId, keyHash, since);
  const made = await statusOfKey();
  if (made) return getStatus(deps, { id: made, viewerId: input.viewerId });
  await idempotencyKeys.deleteExpiredKeys(deps.db, since);
  try {
    return await writeStatus(deps, input, async (trx, statusId) => {
      const claim = {
        user_id: input.viewerId,
        key_hash: keyHash,
        status_id: statusId,
        created_at: now.toISOString(),
      };
      if (!(await idempotencyKeys.claimKey(trx, claim, since))) throw new KeyTaken();
    });
  } catch (error) {
    const first = error instanceof KeyTaken ? await statusOfKey() : undefined;
    if (!first) throw error;
    return getStatus(deps, { id: first, viewerId: input.viewerId });
  }
}

async function writeStatus(deps: Deps, input: StatusInput, alongside: WrittenAlongside | undefined) {
  const withMedia = input.mediaIds.length > 0;
  if (input.inReplyToId === undefined) {
    const content = checkStatusText(input.text, 'post', withMedia);
    const record = await writePost(deps, {
      viewerId: input.viewerId,
      content,
      mediaIds: input.mediaIds,
      sensitive: input.sensitive,
      quoteId: input.quotedStatusId,
      quotePolicy: input.quotePolicy,
      alongside,
    });
    return deps.hydrator.statuses([{ kind: 'post', ref: record }], input.viewerId, 'post');
  }
  if (input.quotedStatusId !== undefined)
    throw new HttpError(
      422,
      'Validation failed: a reply cannot quote a status on this server; post it instead.',
    );
  const answered = await findStatus(deps, input.inReplyToId);
  if (!answered)
    throw new HttpError(404, 'The status you are replying to does not exist: it may have been deleted.');
  await refuseAcrossBlockOn(deps.db, input.viewerId, answered);
  const postId = answered.kind === 'post' ? answered.ref.id : answered.post.id;
  const text = checkStatusText(input.text, 'comment', withMedia);
  const { record, comment } = await writeComment(deps, {
    viewerId: input.viewerId,
    postId,
    text,
    replyToId: answered.kind === 'comment' ? answered.comment.id : undefined,
    mediaIds: input.mediaIds,
    alongside,
  });
  return deps.hydrator.statuses([{ kind: 'comment', comment, post: record }], input.viewerId, 'post');
}

/** Sync's length rules for a status (refused as Invalid, which the Mastodon API answers 422). */
function checkStatusText(text: string, kind: 'post' | 'comment', withMedia: boolean): string {
  return kind === 'post' ? checkContent(text, { withMedia }) : checkCommentText(text, { withMedia });
}

/**
 * `DELETE /api/v1/statuses/:id`: the viewer's own post, or a comment they wrote or that is on their
 * post; the status as it was, with its text (an app redrafts from it). A post's images are kept a day
 * for the redraft to attach again, unless `deleteMedia` (Mastodon's `delete_media`).
 */
export async function deleteStatus(
  deps: Deps,
  input: { viewerId: string; id: string; deleteMedia: boolean },
) {
  const found = await requireStatus(deps, input.id);
  const before = await deps.hydrator.statuses([found], input.viewerId, 'post');
  if (found.kind === 'post') {
    if (found.ref.author_id !== input.viewerId) throw recordNotFound();
    await removePost(deps, {
      viewerId: input.viewerId,
      postId: found.ref.id,
      keepMediaForRedraft: !input.deleteMedia,
    });
    return { hydrated: before, text: found.ref.content };
  }
  if (found.comment.author_id !== input.viewerId && found.post.author_id !== input.viewerId)
    throw recordNotFound();
  await removeComment(deps, { viewerId: input.viewerId, postId: found.post.id, commentId: found.comment.id });
  return { hydrated: before, text: found.comment.text };
}

/**
 * `POST /api/v1/statuses/:id/favourite|unfavourite`: a post's like, a comment's upvote; idempotent. A
 * favourite across a block is refused; an unfavourite is not.
 */
export async function favourite(deps: Deps, input: { viewerId: string; id: string; on: boolean }) {
  const found = await requireStatus(deps, input.id);
  // Before the status is read as the viewer sees it: the blocker is told why, not that it is gone.
  if (input.on) await refuseAcrossBlockOn(deps.db, input.viewerId, found);
  const hydrated = await deps.hydrator.statuses([found], input.viewerId, 'post');
  const item = hydrated.items[0];
  if (!item) throw recordNotFound();
  const favourited =
    item.kind === 'post'
      ? hydrated.marks?.reactions.get(item.post.record.id) === 'like'
      : hydrated.marks?.votes.get(item.comment.record.id) === 'up';
  if (favourited !== input.on) {
    try {
      if (found.kind === 'post') {
        await react(deps, {
          viewerId: input.viewerId,
          postId: found.ref.id,
          kind: input.on ? 'like' : 'none',
        });
      } else {
        await castVote(deps, {
          viewerId: input.viewerId,
          postId: found.post.id,
          commentId: found.comment.id,
          vote: input.on ? 'up' : 'none',
        });
      }
    } catch (error) {
      // The same request sent twice at once (an app retrying): the other one made the change.
      if (!(error instanceof AlreadyDone)) throw error;
    }
  }
  return getStatus(deps, { id: input.id, viewerId: input.viewerId });
}

/**
 * `GET /api/v1/statuses/:id/favourited_by`: a post's likers or a comment's upvoters, the latest first,
 * paged by Sync's signed cursors (the order is when they favourited, not their ids); those the viewer
 * does not see left out. A status the viewer cannot open is not there (404), as for `GET /statuses/:id`.
 */
export async function favouritedBy(
  deps: Deps,
  input: { id: string; viewerId: string | undefined; window: CursorWindow },
): Promise<{ accounts: AccountRecord[]; bounds: PageBounds }> {
  const found = await requireOpenStatus(deps, input.id, input.viewerId);
  const kind = { ...posts.reactors, scope: `favourited_by:${input.id}` };
  const { rows, bounds } = await cursorPage(
    deps,
    kind,
    input.window,
    (window) =>
      found.kind === 'post'
        ? posts.reactorWindow(deps.db, found.ref.id, 'like', window)
        : comments.voterWindow(deps.db, found.comment.id, 'up', window),
    (row) => [row.created_at, row.user_id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.user_id),
  );
  const accounts = await deps.hydrator.accounts(rows.map((row) => row.user_id));
  return { accounts: rows.flatMap((row) => accounts.get(row.user_id) ?? []), bounds };
}

/**
 * `POST /api/v1/statuses/:id/bookmark|unbookmark`: posts only (Sync bookmarks posts); idempotent. A
 * bookmark across a block is refused; an unbookmark is not.
 */
export async function bookmark(deps: Deps, input: { viewerId: string; id: string; on: boolean }) {
  const found = await requireStatus(deps, input.id);
  if (found.kind === 'comment')
    throw new HttpError(
      422,
      'Only posts can be bookmarked on Sync, not replies: bookmark the post it is on.',
    );
  const at = deps.clock.now().toISOString();
  if (input.on) {
    await commit(deps, async (trx) => {
      if (!(await posts.lockPost(trx, found.ref.id))) throw recordNotFound();
      await refuseAcrossBlockOn(trx, input.viewerId, found);
      await bookmarks.insertBookmark(trx, input.viewerId, found.ref.id, at);
    });
  } else {
    await bookmarks.deleteBookmark(deps.db, input.viewerId, found.ref.id);
  }
  return getStatus(deps, { id: input.id, viewerId: input.viewerId });
}

/** An image's new alt text or focal point in an edit (`media_attributes[]`). */
export interface MediaAttributes {
  id: string;
  description?: string | undefined;
  focus?: { x: number; y: number } | undefined;
}

/**
 * `PUT /api/v1/statuses/:id`: the viewer's own post or comment, its text (and a post's `sensitive`), the
 * version it replaces kept. A post's images change with `media_ids` (added, taken off, reordered; left
 * out: the same); a reply keeps its image. Alt texts and focal points change with `media_attributes`.
 */
export async function editStatus(
  deps: Deps,
  input: {
    viewerId: string;
    id: string;
    text: string;
    sensitive: boolean | undefined;
    mediaIds: readonly string[] | undefined;
    mediaAttributes: readonly MediaAttributes[];
  },
) {
  const found = await requireStatus(deps, input.id);
  const author = found.kind === 'post' ? found.ref.author_id : found.comment.author_id;
  if (author !== input.viewerId) throw recordNotFound();
  const hydrated = await deps.hydrator.statuses([found], input.viewerId, 'post');
  const item = hydrated.items[0];
  if (!item) throw recordNotFound();
  const shown = (item.kind === 'post' ? item.post.media : (item.comment.media ?? [])).map(
    (image) => image.record.id,
  );
  const changesImages = input.mediaIds !== undefined && input.mediaIds.join(',') !== shown.join(',');
  if (changesImages && found.kind === 'comment') {
    throw new HttpError(
      422,
      'Validation failed: a reply on Sync keeps its image in an edit: send the same media_ids (its description may change).',
    );
  }
  const images = (changesImages && input.mediaIds) || shown;
  const withMedia = images.length > 0;
  if (found.kind === 'post') {
    await changePost(deps, {
      viewerId: input.viewerId,
      postId: found.ref.id,
      content: checkStatusText(input.text, 'post', withMedia),
      sensitive: input.sensitive,
      ...(changesImages && { mediaIds: images }),
    });
  } else {
    await changeComment(deps, {
      viewerId: input.viewerId,
      postId: found.post.id,
      commentId: found.comment.id,
      text: checkStatusText(input.text, 'comment', withMedia),
    });
  }
  for (const attributes of input.mediaAttributes) {
    if (!images.includes(attributes.id)) continue;
    // The edit above kept the version these alt texts were part of: no second one.
    await describeMedia(deps, { viewerId: input.viewerId, ...attributes, keepVersion: false });
  }
  return getStatus(deps, { id: input.id, viewerId: input.viewerId });
}

/**
 * `GET /api/v1/statuses/:id/history`: its versions, oldest first, the current last; as visible as the
 * status. With the status as the viewer sees it now (its account and images).
 */
export async function statusHistory(deps: Deps, input: { id: string; viewerId: string | undefined }) {
  const found = await requireStatus(deps, input.id);
  const hydrated = await deps.hydrator.statuses([found], input.viewerId, 'post');
  if (hydrated.items.length === 0) throw recordNotFound();
  const versions = await versionsOf(
    deps,
    found.kind === 'post' ? { post: found.ref } : { post: found.post, comment: found.comment },
  );
  return { hydrated, versions };
}

/** `GET /api/v1/statuses/:id/source`: the viewer's own status's text as written, for an app's editor. */
export async function statusSource(deps: Deps, input: { id: string; viewerId: string }) {
  const found = await requireStatus(deps, input.id);
  const record = found.kind === 'post' ? found.ref : found.comment;
  if (record.author_id !== input.viewerId) throw recordNotFound();
  return { id: record.id, text: found.kind === 'post' ? found.ref.content : found.comment.text };
}

/**
 * `PUT /api/v1/statuses/:id/interaction_policy` (Mastodon 4.5): the author changes who may quote their
 * post; the status after.
 */
export async function setQuotePolicy(
  deps: Deps,
  input: { viewerId: string; id: string; policy: QuotePolicy },
) {
  const record = await changeQuotePolicy(deps, {
    viewerId: input.viewerId,
    postId: input.id,
    policy: input.policy,
  });
  return deps.hydrator.statuses([postStatus(record)], input.viewerId, 'post');
}

/**
 * `POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke` (Mastodon 4.5): the quoted post's author
 * detaches a quote of it; the quoting status after.
 */
export async function revokeQuote(deps: Deps, input: { viewerId: string; id: string; quotingId: string }) {
  const record = await unquote(deps, {
    viewerId: input.viewerId,
    postId: input.id,
    quotingPostId: input.quotingId,
  });
  return deps.hydrator.statuses([postStatus(record)], input.viewerId, 'post');
}

/**
 * `GET /api/v1/statuses/:id/quotes` (Mastodon 4.5): the statuses that quote a post and show it, newest
 * first, a window at a time; a post the viewer cannot open is not there (404).
 */
export async function statusQuotes(
  deps: Deps,
  input: { id: string; viewerId: string | undefined; window: TimeWindow },
): Promise<StatusWindow> {
  const post = await posts.findPost(deps.db, input.id);
  if (!post || !(await deps.hydrator.rules(input.viewerId)).seesAccount(post.author_id))
    throw recordNotFound();
  return statusWindow(deps, {
    viewerId: input.viewerId,
    window: input.window,
    context: 'public',
    load: (window) => skeletons.quotingPostRefs(deps.db, post.id, window),
    keyOf: newestKey,
    statusOf: postStatus,
  });
}
