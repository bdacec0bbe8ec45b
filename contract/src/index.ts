/**
 * The HTTP contract of Sync's /api: the shapes of SPEC.md section 7 plus our additive extensions.
 * The server validates and serializes with these schemas; the web client imports the types only.
 */
import { Type, type Static } from 'typebox';

export const Limits = {
  postContent: 5000,
  commentText: 2000,
  bio: 300,
  name: 50,
  city: 100,
  url: 2048,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  passwordMax: 256,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  previewSize: 3,
} as const;

export const UserSummary = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarURL: Type.String(),
});
export type UserSummary = Static<typeof UserSummary>;

export const Comment = Type.Object({
  _id: Type.String(),
  text: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarURL: Type.String(),
  votes: Type.Object({
    upvotedBy: Type.Array(UserSummary),
    downvotedBy: Type.Array(UserSummary),
  }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Comment = Static<typeof Comment>;

/** What the signed-in viewer has done to a post; present only on paginated (lighter) posts. */
export const ViewerState = Type.Object({
  liked: Type.Boolean(),
  disliked: Type.Boolean(),
  bookmarked: Type.Boolean(),
});
export type ViewerState = Static<typeof ViewerState>;

export const Post = Type.Object({
  _id: Type.String(),
  content: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarURL: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  likes: Type.Object({
    likeCount: Type.Integer(),
    likedBy: Type.Array(UserSummary),
    dislikedBy: Type.Array(UserSummary),
  }),
  comments: Type.Array(Comment),
  /** Additive: always present; on paginated posts likedBy/dislikedBy/comments are capped previews. */
  commentCount: Type.Integer(),
  viewer: Type.Optional(ViewerState),
});
export type Post = Static<typeof Post>;

export const User = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatarURL: Type.String(),
  bio: Type.String(),
  links: Type.String(),
  city: Type.String(),
  following: Type.Array(UserSummary),
  followers: Type.Array(UserSummary),
  /** Bookmarks are private: whole posts on the signed-in user's own object, empty on everyone else's. */
  bookmarks: Type.Array(Post),
  followerCount: Type.Integer(),
  followingCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Additive, on `?preview=true` reads: whether the signed-in viewer follows this user. */
  viewer: Type.Optional(Type.Object({ follows: Type.Boolean() })),
});
export type User = Static<typeof User>;

export const ErrorBody = Type.Object({ errors: Type.Array(Type.String()) });
export type ErrorBody = Static<typeof ErrorBody>;

// ---- requests ----

export const PostIdParams = Type.Object({ postId: Type.String() });
export const CommentParams = Type.Object({ postId: Type.String(), commentId: Type.String() });
export const UsernameParams = Type.Object({ username: Type.String() });

/** firstName and lastName are required; the spec's own form spells them `firstname`/`lastname`, also taken. */
export const SignupBody = Type.Object({
  username: Type.String(),
  password: Type.String(),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  firstname: Type.Optional(Type.String()),
  lastname: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  bio: Type.Optional(Type.String()),
  links: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  avatarURL: Type.Optional(Type.String()),
});
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object({ username: Type.String(), password: Type.String() });
export type LoginBody = Static<typeof LoginBody>;

export const PostDataBody = Type.Object({ postData: Type.Object({ content: Type.String() }) });
export type PostDataBody = Static<typeof PostDataBody>;

export const CommentDataBody = Type.Object({ commentData: Type.Object({ text: Type.String() }) });
export type CommentDataBody = Static<typeof CommentDataBody>;

/** The client may send its whole user object; only these fields are taken. */
export const EditableProfile = Type.Object({
  bio: Type.Optional(Type.String()),
  links: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  avatarURL: Type.Optional(Type.String()),
});
export type EditableProfile = Static<typeof EditableProfile>;
export const EditUserBody = Type.Object({ updatedUserData: EditableProfile });
export type EditUserBody = Static<typeof EditUserBody>;

/** Additive: any list answers one page with `nextCursor` when `limit` or `cursor` is sent. */
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.pageSizeMax })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PageQuery = Static<typeof PageQuery>;

/**
 * Additive: `GET /users/:username?preview=true` caps `followers` and `following` to the most recent
 * few (the counts and the paginated routes have the rest), leaves `bookmarks` empty and adds `viewer`.
 */
export const UserQuery = Type.Object({ preview: Type.Optional(Type.Boolean()) });
export type UserQuery = Static<typeof UserQuery>;

export const PostListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('trending')])),
});
export type PostListQuery = Static<typeof PostListQuery>;
export type PostSort = NonNullable<PostListQuery['sort']>;

/**
 * Additive: `?return=post` (post changes), `?return=comment` (comment changes) or `?return=minimal`
 * answers only what changed instead of every post.
 */
export const ReturnQuery = Type.Object({
  return: Type.Optional(Type.Union([Type.Literal('posts'), Type.Literal('post'), Type.Literal('minimal')])),
});
export type ReturnQuery = Static<typeof ReturnQuery>;

// ---- responses ----

export const AuthSignupReply = Type.Object({ createdUser: User, encodedToken: Type.String() });
export type AuthSignupReply = Static<typeof AuthSignupReply>;
export const AuthLoginReply = Type.Object({ foundUser: User, encodedToken: Type.String() });
export type AuthLoginReply = Static<typeof AuthLoginReply>;

export const NextCursor = Type.Union([Type.String(), Type.Null()]);
export const PostsReply = Type.Object({ posts: Type.Array(Post), nextCursor: Type.Optional(NextCursor) });
export type PostsReply = Static<typeof PostsReply>;
export const PostReply = Type.Object({ post: Post });
export type PostReply = Static<typeof PostReply>;
export const CommentsReply = Type.Object({
  comments: Type.Array(Comment),
  nextCursor: Type.Optional(NextCursor),
});
export type CommentsReply = Static<typeof CommentsReply>;
/** `?return=post` on comment changes: the post (a preview) and, unless deleted, the comment itself. */
export const CommentReply = Type.Object({ post: Post, comment: Type.Optional(Comment) });
export type CommentReply = Static<typeof CommentReply>;
export const DeletedReply = Type.Object({ deleted: Type.String() });
export type DeletedReply = Static<typeof DeletedReply>;
export const UsersReply = Type.Object({ users: Type.Array(User), nextCursor: Type.Optional(NextCursor) });
export type UsersReply = Static<typeof UsersReply>;
export const UserReply = Type.Object({ user: User });
export type UserReply = Static<typeof UserReply>;
/** `GET /users/suggestions`: people to follow, with their bio for the 'Recommended People' panel. */
export const SuggestionsReply = Type.Object({
  users: Type.Array(Type.Object({ ...UserSummary.properties, bio: Type.String() })),
});
export type SuggestionsReply = Static<typeof SuggestionsReply>;
export const UserSummariesReply = Type.Object({
  users: Type.Array(UserSummary),
  nextCursor: NextCursor,
});
export type UserSummariesReply = Static<typeof UserSummariesReply>;
export const BookmarksReply = Type.Object({
  bookmarks: Type.Array(Post),
  nextCursor: Type.Optional(NextCursor),
});
export type BookmarksReply = Static<typeof BookmarksReply>;
export const BookmarkStateReply = Type.Object({ postId: Type.String(), bookmarked: Type.Boolean() });
export type BookmarkStateReply = Static<typeof BookmarkStateReply>;
export const FollowReply = Type.Object({
  users: Type.Array(User),
  currentUser: User,
  followUser: Type.Optional(User),
});
export type FollowReply = Static<typeof FollowReply>;
export const FollowStateReply = Type.Object({
  followUserId: Type.String(),
  following: Type.Boolean(),
  /** The followed user's follower count and the current user's following count, after the change. */
  followerCount: Type.Integer(),
  followingCount: Type.Integer(),
});
export type FollowStateReply = Static<typeof FollowStateReply>;
export const HealthReply = Type.Object({ status: Type.String(), database: Type.String() });
export type HealthReply = Static<typeof HealthReply>;
