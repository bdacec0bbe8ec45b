import type { FullPost, PreviewPost, ViewerState } from '@sync/contract';
import type { HydratedPage, HydratedPost } from '../hydration/hydrator.js';
import { commentViews, type CommentContext } from './comments.js';
import { withOwnEntry } from './own-entries.js';
import { summariesOf } from './summaries.js';

/** The parts every post view shares; undefined when the author is gone (deleted meanwhile). */
function basePost(post: HydratedPost, page: HydratedPage, viewerId: string | undefined, ownEntries: boolean) {
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
  };
}

function viewerState(post: HydratedPost, page: HydratedPage): ViewerState {
  const reaction = page.marks?.reactions.get(post.record.id);
  return {
    liked: reaction === 'like',
    disliked: reaction === 'dislike',
    bookmarked: page.marks?.bookmarks.has(post.record.id) ?? false,
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
    return viewerId && options.withViewerState ? [{ ...base, viewer: viewerState(post, page) }] : [base];
  });
}

/** A post in a page of a list: previews of its lists and what the viewer did to it. */
export function previewPostViews(page: HydratedPage, viewerId: string | undefined): PreviewPost[] {
  return page.posts.flatMap((post) => {
    const base = basePost(post, page, viewerId, false);
    return base ? [{ ...base, viewer: viewerState(post, page) }] : [];
  });
}
