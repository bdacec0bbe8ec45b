import * as comments from '../../data/comments.repo.js';
import * as follows from '../../data/follows.repo.js';
import * as posts from '../../data/posts.repo.js';
import type { HydratedStatuses, StatusItem, StatusRef } from '../../read/hydration/hydrator.js';
import { visibleStatuses } from '../../read/hydration/visible.js';
import { acceptedQuotes, quotableByViewers, quotesSeenBy } from '../../read/hydration/quotes.js';
import { hydrateNotificationStatuses, shownNotificationOf } from '../../read/hydration/notifications.js';
import { notificationViews } from '../../read/views/mastodon/notifications.js';
import { statusTextsFor } from '../../read/views/mastodon/statuses.js';
import { notificationText } from '../../read/views/mastodon/serializers.js';
import type { Uris } from '../../platform/uris/uris.js';
import type { Deps } from '../shared/deps.js';
import { authorAndFollowersAmong } from '../shared/live-recipients.js';

/**
 * The Mastodon streaming API's renderings (api/mastodon/streaming.ts holds the connections): each
 * process renders a live message for the viewers connected to it, with the Mastodon views, as
 * use-cases/sync/live.ts does for Sync's own streams. A status is hydrated once per message, whoever and
 * however many get it; the viewers' own marks are read in one query for all of them.
 */

/** The status a live message is about: a post, or a comment on one (a reply). */
export type StatusOfMessage =
  { kind: 'post'; postId: string } | { kind: 'comment'; postId: string; commentId: string };

/** A new or edited status, hydrated without a viewer, and who of this process's viewers may get it. */
export interface StreamedStatus {
  hydrated: HydratedStatuses;
  /** Posts reach the public and hashtag streams; replies do not, as the public and tag timelines show posts. */
  isPost: boolean;
  /** Its tags as recorded when it was written (`post_tags`), for the hashtag streams. */
  tags: Set<string>;
  /** Who of the candidates gets it on their `user` stream (their home timeline). */
  home: Set<string>;
}

/**
 * A status as it is now, and who of `homeCandidates` (the users connected here with a `user` stream)
 * gets it at home: a post, its author and their followers (as Sync's own stream decides); a reply, by
 * Mastodon's rule for home timelines, its author and those of their followers who follow the person it
 * answers too (or are that person). Undefined when it is gone meanwhile.
 */
export async function streamedStatus(
  deps: Deps,
  input: { status: StatusOfMessage; homeCandidates: readonly string[] },
): Promise<StreamedStatus | undefined> {
  const ref = await statusRefOf(deps, input.status);
  if (!ref) return undefined;
  const hydrated = await deps.hydrator.statuses([ref], undefined, 'post');
  const [item] = hydrated.items;
  if (!item) return undefined;
  if (item.kind === 'post') {
    const { record } = item.post;
    return {
      hydrated,
      isPost: true,
      tags: new Set(hydrated.tags.get(record.id)),
      home: new Set(await authorAndFollowersAmong(deps, record.author_id, input.homeCandidates)),
    };
  }
  const { record } = item.comment;
  const answered = record.reply_to_id ? hydrated.answered.get(record.reply_to_id) : undefined;
  const answeredId = answered?.author_id ?? item.post.author_id;
  const reached = await authorAndFollowersAmong(deps, record.author_id, input.homeCandidates);
  const askable = reached.filter((id) => id !== record.author_id && id !== answeredId);
  const alsoFollowing =
    answeredId === record.author_id || askable.length === 0
      ? askable
      : await follows.relationMembersAmong(deps.db, deps.dialect, answeredId, 'followers', askable);
  const home = new Set(reached.filter((id) => id === record.author_id || id === answeredId));
  for (const id of alsoFollowing) home.add(id);
  return { hydrated, isPost: false, tags: new Set(), home };
}

async function statusRefOf(deps: Deps, status: StatusOfMessage): Promise<StatusRef | undefined> {
  if (status.kind === 'post') {
    const [record] = await posts.postsByIds(deps.db, deps.dialect, [status.postId]);
    return record && { kind: 'post', ref: record };
  }
  const [[comment], [post]] = await Promise.all([
    comments.commentsByIds(deps.db, deps.dialect, [status.commentId]),
    posts.postsByIds(deps.db, deps.dialect, [status.postId]),
  ]);
  return comment && post && { kind: 'comment', comment, post };
}

/** Where a streamed status is read: a `user` stream is the home timeline, the others public ones. */
export type StreamContext = 'home' | 'public';

/**
 * The status's JSON text for each viewer (undefined: signed out) on a connection whose answers carry
 * `uris` (its origin's without PUBLIC_URL), on a stream read in `context`: the viewers' marks in one
 * query, the shared part serialised once per origin, and one text per different set of the viewer's own fields (views/mastodon/statuses.ts,
 * `statusTextsFor`). Undefined for a viewer whose rules hide it there (its author in a block with them,
 * muted, limited or suspended; a `hide` filter); a `warn` filter's match comes in its `filtered`. The
 * viewers' rules are those kept between answers: no read per event.
 */
export async function statusTexts(
  deps: Deps,
  streamed: StreamedStatus,
  viewerIds: readonly string[],
): Promise<(viewerId: string | undefined, uris: Uris, context: StreamContext) => string | undefined> {
  const shown = {
    posts: streamed.hydrated.items.flatMap((item) => (item.kind === 'post' ? [item.post] : [])),
    comments: streamed.hydrated.items.flatMap((item) => (item.kind === 'comment' ? [item.comment] : [])),
  };
  const [marks, rules] = await Promise.all([
    deps.hydrator.marksOfViewers(viewerIds, shown),
    Promise.all([undefined, ...viewerIds].map((viewerId) => deps.hydrator.rules(viewerId))),
  ]);
  const rulesOf = new Map(rules.map((ruled) => [ruled.viewerId, ruled]));
  // Who may quote the status (and the status it quotes) is each viewer's, as in the REST API.
  const quotableOf = await quotableByViewers(deps.db, deps.dialect, rules, [
    ...shown.posts,
    ...acceptedQuotes(streamed.hydrated.quotes),
  ]);
  const seen = new Map<string, StatusItem | undefined>();
  const itemFor = (viewerId: string | undefined, context: StreamContext) => {
    const key = `${viewerId ?? ''} ${context}`;
    if (!seen.has(key)) {
      const viewerRules = rulesOf.get(viewerId);
      seen.set(key, viewerRules && visibleStatuses(viewerRules, streamed.hydrated.items, context)[0]);
    }
    return seen.get(key);
  };
  const byOrigin = new Map<string, ReturnType<typeof statusTextsFor>>();
  return (viewerId, uris, context) => {
    const item = itemFor(viewerId, context);
    if (!item) return undefined;
    // A quote of a post by someone the viewer blocked or muted shows its placeholder to them alone.
    const { hydrated } = streamed;
    const quotes = quotesSeenBy(rulesOf.get(viewerId)!, hydrated.quotes);
    const quotable = quotableOf.get(viewerId);
    // Viewers alike in both share one text.
    const key = `${uris.origin} ${quotes === hydrated.quotes ? '' : viewerId} ${quotable ? [...quotable].join() : '-'}`;
    if (!byOrigin.has(key)) byOrigin.set(key, statusTextsFor({ ...hydrated, quotes, quotable }, uris));
    return byOrigin.get(key)?.(viewerId === undefined ? undefined : marks.get(viewerId), item);
  };
}

/**
 * A notification as its recipient's Mastodon apps show it now (`GET /api/v1/notifications/:id`), as
 * JSON text for connections whose answers carry `uris`; undefined when it is gone meanwhile or the
 * viewer's settings leave it out.
 */
export async function streamedNotification(
  deps: Deps,
  input: { viewerId: string; notificationId: string },
): Promise<((uris: Uris) => string | undefined) | undefined> {
  const record = await shownNotificationOf(deps, input.viewerId, input.notificationId);
  if (!record) return undefined;
  const hydrated = await hydrateNotificationStatuses(deps, input.viewerId, [record], { size: 1 });
  const texts = new Map<string, string | undefined>();
  return (uris) => {
    if (!texts.has(uris.origin)) {
      const [notification] = notificationViews(hydrated, input.viewerId, uris);
      texts.set(uris.origin, notification && notificationText(notification));
    }
    return texts.get(uris.origin);
  };
}
