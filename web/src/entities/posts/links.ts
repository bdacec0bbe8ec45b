import type { Post } from '@sync/contract';

/** Where a post opens in the app, and the same as an absolute address to copy or share. */
export const postPath = (postId: string) => `/post/${encodeURIComponent(postId)}`;

export const postUrl = (postId: string) => new URL(postPath(postId), window.location.origin).href;

/** Where a comment opens: its post's page, ending with the comment's own id (as Mastodon apps get it). */
export const commentPath = (postId: string, commentId: string) =>
  `${postPath(postId)}/comment/${encodeURIComponent(commentId)}`;

/** What a shared post is called (the share sheet's title). */
export const postTitle = (post: Pick<Post, 'firstName' | 'lastName'>) =>
  `Post by ${post.firstName} ${post.lastName}`;
