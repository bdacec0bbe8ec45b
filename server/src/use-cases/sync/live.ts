import type { PreviewPost } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import * as follows from '../../data/follows.repo.js';
import { authorAndFollowersAmong } from '../shared/live-recipients.js';
import { liveNotification } from './notification-answers.js';
import * as posts from '../../data/posts.repo.js';
import { previewPostViews } from '../../read/views/sync/posts.js';
import { visiblePosts } from '../../read/hydration/visible.js';
import { quotableByViewers } from '../../read/hydration/quotes.js';
import { eventFrame } from '../../platform/live/event-stream.js';
import type { LiveRenderer } from '../../platform/live/hub.js';
import type { HeldMessage } from '../../platform/live/recent-messages.js';
import { countsEvent } from '../../platform/live/messages.js';

/** The renderings of live messages for the streams of this process (see hub.ts for who gets what). */
export const liveRenderer = (deps: Deps): LiveRenderer => ({
  post: (message, connectedUserIds) => postForConnected(deps, { ...message, connectedUserIds }),
  notification: (viewerId, notificationId) => liveNotification(deps, { viewerId, notificationId }),
  missed: (viewerId, missed) => missedFrames(deps, { viewerId, missed }),
});

/** A new post as each recipient's page would show it: the author and whoever of `connectedUserIds` follows the author. */
async function postForConnected(
  deps: Deps,
  input: { postId: string; authorId: string; connectedUserIds: readonly string[] },
): Promise<Map<string, PreviewPost>> {
  const recipients = await authorAndFollowersAmong(deps, input.authorId, input.connectedUserIds);
  if (recipients.length === 0) return new Map();
  const byViewer = await postsFor(deps, [input.postId], recipients);
  return new Map([...byViewer].flatMap(([viewerId, [post]]) => (post ? [[viewerId, post]] : [])));
}

/**
 * Posts as the Following page shows them, for several viewers: hydrated once, the viewers' marks in one
 * query, then each viewer's rules (kept between answers: no read per event), so nobody is sent a post
 * by someone they do not see at home, nor one their `hide` filters match (a `warn` match comes marked).
 */
async function postsFor(
  deps: Deps,
  postIds: readonly string[],
  viewerIds: readonly string[],
): Promise<Map<string, PreviewPost[]>> {
  const records = await posts.postsByIds(deps.db, deps.dialect, postIds);
  const byId = new Map(records.map((record) => [record.id, record]));
  const hydrated = await deps.hydrator.posts(
    postIds.flatMap((id) => byId.get(id) ?? []),
    'preview',
  );
  const [people, marks, rules] = await Promise.all([
    deps.hydrator.people({ posts: hydrated }, undefined),
    deps.hydrator.marksOfViewers(viewerIds, { posts: hydrated }),
    Promise.all(viewerIds.map((viewerId) => deps.hydrator.rules(viewerId))),
  ]);
  const quotableOf = await quotableByViewers(deps.db, deps.dialect, rules, hydrated);
  const pages = await Promise.all(
    viewerIds.map(async (viewerId, i) => {
      const shown = visiblePosts(rules[i]!, hydrated, 'home');
      return { viewerId, shown, ...(await deps.hydrator.quotesOf(shown, rules[i]!)) };
    }),
  );
  // The quoted posts' authors, whom the quotes show (none read when nothing quotes).
  const quotedAuthors = [...new Set(pages.flatMap((page) => page.quotedAuthorIds))];
  const users =
    quotedAuthors.length === 0
      ? people
      : new Map([...people, ...(await deps.hydrator.peopleByIds(quotedAuthors))]);
  return new Map(
    pages.map(({ viewerId, shown, quotes }) => {
      const page = {
        posts: shown,
        quotes,
        quotable: quotableOf.get(viewerId),
        users,
        marks: marks.get(viewerId),
      };
      return [viewerId, previewPostViews(page, viewerId)];
    }),
  );
}

/**
 * The frames a stream that resumes with `Last-Event-ID` missed, in order: the posts it would have got,
 * its notifications as they are now, and the latest counts of each post that changed. (Its token was
 * checked as it reconnected, so an earlier `sessions-ended` is not about it.)
 */
async function missedFrames(
  deps: Deps,
  input: { viewerId: string; missed: readonly HeldMessage[] },
): Promise<string[]> {
  const { viewerId, missed } = input;
  const authors = [
    ...new Set(missed.flatMap(({ message }) => (message.type === 'post' ? [message.authorId] : []))),
  ];
  const followed = new Set([
    viewerId,
    ...(await follows.relationMembersAmong(deps.db, deps.dialect, viewerId, 'following', authors)),
  ]);
  const shownPosts = missed.flatMap(({ message }) =>
    message.type === 'post' && followed.has(message.authorId) ? [message.postId] : [],
  );
  const rendered = shownPosts.length > 0 ? (await postsFor(deps, shownPosts, [viewerId])).get(viewerId)! : [];
  const postById = new Map(rendered.map((post) => [post._id, post]));
  // A post's counts and a notification that grew several times are told once, as they are now.
  const latest = new Map<string, HeldMessage>();
  for (const held of missed) {
    const { message } = held;
    if (message.type === 'counts') latest.set(`counts:${message.postId}`, held);
    if (message.type === 'notification') latest.set(`notification:${message.notificationId}`, held);
  }

  const frames: string[] = [];
  for (const held of missed) {
    const { id, message } = held;
    if (message.type === 'post') {
      const post = postById.get(message.postId);
      if (post) frames.push(eventFrame(id, 'post', { post }));
    } else if (message.type === 'notification') {
      if (message.userId !== viewerId || latest.get(`notification:${message.notificationId}`) !== held)
        continue;
      const data = await liveNotification(deps, { viewerId, notificationId: message.notificationId });
      if (data) frames.push(eventFrame(id, 'notification', data));
    } else if (message.type === 'counts' && latest.get(`counts:${message.postId}`) === held) {
      frames.push(eventFrame(id, 'counts', countsEvent(message)));
    }
  }
  return frames;
}
