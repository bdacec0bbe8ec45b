import type { FullPost, PostsPageReply, PostsReply, PreviewPost, ViewerState } from '@sync/contract';
import type { HydratedPage, HydratedPost } from '../../hydration/hydrator.js';
import { peopleShown } from '../../hydration/people.js';
import { commentViews, type CommentContext } from './comments.js';
import { JsonText } from '../json-text.js';
import { withOwnEntry } from './own-entries.js';
import { summariesOf } from './summaries.js';
import { filteredField } from './filtered.js';
import { mediaFields } from './media.js';
import { editedAtField } from './edited.js';
import { unresolvedMentionsField } from './mentions.js';
import { quoteField, quotePolicyField, quoteText } from './quotes.js';

/** What a post's view reads from its page besides the post: the people, the viewer's marks. */
type PageContext = Omit<HydratedPage, 'posts'>;

/** The parts every post view shares; undefined when the author is gone (deleted meanwhile). */
function basePost(post: HydratedPost, page: PageContext, viewerId: string | undefined, ownEntries: boolean) {
  const author = page.users.get(post.record.author_id);
  if (!author) return undefined;
  const reaction = page.marks?.reactions.get(post.record.id);
  const listed = (ids: string[], kind: 'like' | 'dislike') =>
    summariesOf(ownEntries ? withOwnEntry(ids, viewerId, reaction === kind) : ids, page.users);
  const context: CommentContext = {
    people: page.users,
    viewer: viewerId && page.marks ? { id: viewerId, votes: page.marks.votes } : undefined,
  };
  return {
    _id: post.record.id,
    content: post.record.content,
    username: author.username,
    firstName: author.first_name,
    lastName: author.last_name,
    avatarURL: author.avatar_url,
    createdAt: post.record.created_at,
    updatedAt: post.record.updated_at,
    likes: {
      likeCount: post.record.like_count,
      likedBy: listed(post.likers, 'like'),
      dislikedBy: listed(post.dislikers, 'dislike'),
    },
    comments: commentViews(post.comments, context),
    commentCount: post.record.comment_count,
    ...filteredField(post),
    ...mediaFields(post.media, post.record.sensitive === 1),
    ...editedAtField(post.record),
    ...quotePolicyField(post.record),
    ...(post.record.repost_count > 0 && { repostCount: post.record.repost_count }),
    ...(post.record.quote_count > 0 && { quoteCount: post.record.quote_count }),
    ...unresolvedMentionsField(post.record.content, post.mentioned, page.users),
  };
}

function viewerState(post: HydratedPost, page: PageContext): ViewerState {
  const reaction = page.marks?.reactions.get(post.record.id);
  return {
    liked: reaction === 'like',
    disliked: reaction === 'dislike',
    bookmarked: page.marks?.bookmarks.has(post.record.id) ?? false,
    ...(page.marks?.reposts.has(post.record.id) && { reposted: true }),
    ...(page.quotable && !page.quotable.has(post.record.id) && { quoteDisabled: true }),
  };
}

/**
 * The spec's post: every list up to the caps, the viewer's own entries always listed, and `viewer`
 * where the answer has always carried it (a single post read, not the spec's lists).
 */
export function fullPostViews(
  page: HydratedPage,
  viewerId: string | undefined,
  options: { withViewerState: boolean },
): FullPost[] {
  return page.posts.flatMap((post) => {
    const base = basePost(post, page, viewerId, true);
    if (!base) return [];
    const withQuote = { ...base, ...quoteField(post, page) };
    return viewerId && options.withViewerState
      ? [{ ...withQuote, viewer: viewerState(post, page) }]
      : [withQuote];
  });
}

/** A post in a page of a list: previews of its lists and what the viewer did to it. */
export function previewPostViews(page: HydratedPage, viewerId: string | undefined): PreviewPost[] {
  return page.posts.flatMap((post) => {
    const base = basePost(post, page, viewerId, false);
    return base ? [{ ...base, ...quoteField(post, page), viewer: viewerState(post, page) }] : [];
  });
}

/**
 * What a preview post shows every viewer, as JSON text without its closing brace, kept per hydrated
 * post (one object per version of a post, dropped with it) with the versions of the people it shows.
 */
const sharedPreviews = new WeakMap<HydratedPost, { versions: (number | undefined)[]; text: string }>();

/** The versions of everyone a preview of the post shows, as the page read them (none: deleted). */
const versionsShown = (post: HydratedPost, page: PageContext) =>
  peopleShown({ posts: [post] }, undefined).map((id) => page.users.get(id)?.version);

const sameVersions = (kept: readonly (number | undefined)[], now: readonly (number | undefined)[]) =>
  kept.length === now.length && kept.every((version, index) => version === now[index]);

function sharedPreviewText(post: HydratedPost, page: PageContext, viewerId: string | undefined) {
  // A capped voter list gets the viewer's own vote added: a post whose comments they voted on is
  // rendered for them alone.
  const votes = page.marks?.votes;
  const ownVotes = votes !== undefined && post.comments.some((comment) => votes.has(comment.record.id));
  const versions = ownVotes ? undefined : versionsShown(post, page);
  const kept = sharedPreviews.get(post);
  if (versions && kept && sameVersions(kept.versions, versions)) return kept.text;
  const base = basePost(post, page, viewerId, false);
  if (!base) return undefined;
  const text = JSON.stringify(base).slice(0, -1);
  if (versions) sharedPreviews.set(post, { versions, text });
  return text;
}

/** One post as `previewPostViews` shows it, as JSON text; undefined when its author is gone. */
export function previewPostText(
  post: HydratedPost,
  page: PageContext,
  viewerId: string | undefined,
): string | undefined {
  const shared = sharedPreviewText(post, page, viewerId);
  if (shared === undefined) return undefined;
  // The quote is spliced in per answer, as `viewer` is: the kept text is the quoting post's alone.
  return `${shared}${quoteText(post, page)},"viewer":${JSON.stringify(viewerState(post, page))}}`;
}

/** The same posts as `previewPostViews`, as the JSON text of their array. */
function previewPostsText(page: HydratedPage, viewerId: string | undefined): string {
  const posts = page.posts.flatMap((post) => previewPostText(post, page, viewerId) ?? []);
  return `[${posts.join(',')}]`;
}

/** A page of a list of posts, serialised. */
export function previewPostsPage(
  page: HydratedPage,
  viewerId: string | undefined,
  nextCursor: string | null,
): JsonText<PostsPageReply & PostsReply> {
  return new JsonText(
    `{"posts":${previewPostsText(page, viewerId)},"nextCursor":${JSON.stringify(nextCursor)}}`,
  );
}
