import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 strings in UTC with milliseconds: they sort as text on both dialects. */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: uniqueness and look-ups are case-insensitive. */
  username_key: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  avatar_url: string;
  bio: string;
  links: string;
  city: string;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PostsTable {
  id: string;
  author_id: string;
  content: string;
  /** Always equal to the number of 'like' rows in post_reactions for this post. */
  like_count: Generated<number>;
  comment_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ReactionKind = 'like' | 'dislike';
export interface PostReactionsTable {
  post_id: string;
  user_id: string;
  kind: ReactionKind;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  text: string;
  created_at: string;
  updated_at: string;
}

export type VoteKind = 'up' | 'down';
export interface CommentVotesTable {
  comment_id: string;
  user_id: string;
  kind: VoteKind;
  created_at: string;
}

export interface BookmarksTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  posts: PostsTable;
  post_reactions: PostReactionsTable;
  comments: CommentsTable;
  comment_votes: CommentVotesTable;
  bookmarks: BookmarksTable;
  follows: FollowsTable;
}
