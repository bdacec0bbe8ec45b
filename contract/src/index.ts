/**
 * The HTTP contract of Sync's /api: the shapes of SPEC.md section 7 plus our additive extensions.
 * The server validates and serializes with these schemas; the web client imports the types only.
 */
import { Type, type Static } from 'typebox';
import { ModerationWarningNotice, NewReportNotice, ResolvedReportNotice } from './safety.js';
import { UserSummary } from './user-summary.js';
import { NextCursor, PageQuery } from './common.js';
import { FilterAction, FilterContext, Permission, Role } from './safety.js';
import { MediaAttachment } from './media.js';
import { ProfileFilter, Quote, QuotePolicy, RepostedBy } from './sharing.js';

export { UserSummary };
export * from './common.js';
export * from './limits.js';

/**
 * Additive: a keyword filter of the viewer's with the action `warn` matched this post or comment
 * (contract/src/safety.ts has the filters); the client shows the title instead of the content until
 * the person asks to see it anyway.
 */
export const FilterMatch = Type.Object({
  filterId: Type.String(),
  title: Type.String(),
  /** The filter's keywords found in the text. */
  keywords: Type.Array(Type.String()),
});
export type FilterMatch = Static<typeof FilterMatch>;

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
  filtered: Type.Optional(Type.Array(FilterMatch)),
  /** Additive: the comment's image (at most one), when it has one. */
  media: Type.Optional(Type.Array(MediaAttachment)),
  /** Additive, present when it was edited: when, last (its history: GET /api/comments/:postId/:commentId/history). */
  editedAt: Type.Optional(Type.String()),
  /** Additive, present when some: the text's @names that mention nobody (see `Post.unresolvedMentions`). */
  unresolvedMentions: Type.Optional(Type.Array(Type.String())),
});
export type Comment = Static<typeof Comment>;

/** What the signed-in viewer has done to a post; present only on paginated (lighter) posts. */
export const ViewerState = Type.Object({
  liked: Type.Boolean(),
  disliked: Type.Boolean(),
  bookmarked: Type.Boolean(),
  /** Additive, present when true: the viewer reposted it. */
  reposted: Type.Optional(Type.Boolean()),
  /**
   * Additive, present when true: the viewer may not quote it (its `quotePolicy`, or a block), so a
   * quote would be refused; Mastodon's `quote_approval.current_user` is `denied` then.
   */
  quoteDisabled: Type.Optional(Type.Boolean()),
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
  filtered: Type.Optional(Type.Array(FilterMatch)),
  /** Additive: the post's images in their order, when it has any. */
  media: Type.Optional(Type.Array(MediaAttachment)),
  /** Additive, present when true: the author marked the images sensitive (shown blurred until clicked). */
  sensitive: Type.Optional(Type.Boolean()),
  /** Additive, present when it was edited: when, last (its history: GET /api/posts/:postId/history). */
  editedAt: Type.Optional(Type.String()),
  /** Additive, present when above 0: how many people reposted it (who: GET /api/posts/:postId/reposts). */
  repostCount: Type.Optional(Type.Integer()),
  /** Additive, present when above 0: how many accepted quotes it has (GET /api/posts/:postId/quotes). */
  quoteCount: Type.Optional(Type.Integer()),
  /** Additive, present when not `anyone`: who may quote it. */
  quotePolicy: Type.Optional(QuotePolicy),
  /** Additive, present on a post that quotes another. */
  quote: Type.Optional(Quote),
  /** Additive, on a timeline's or profile's item that is a repost: who reposted it, when. */
  reposted: Type.Optional(RepostedBy),
  /**
   * Additive, present when some: the @names of the text (lower-cased, in order) that mention nobody,
   * which a client shows as plain text, not as links: nobody had the name when the text was written,
   * or that account is gone (the name may belong to someone else now). Every other @name is a mention
   * of the account that has it.
   */
  unresolvedMentions: Type.Optional(Type.Array(Type.String())),
});
export type Post = Static<typeof Post>;

/**
 * A post in the spec's unpaginated answers and `GET /posts/:postId`: likedBy, dislikedBy and comments
 * listed in full up to the server's caps (the signed-in user's own entries always included), `viewer`
 * when signed in.
 */
export type FullPost = Post;
/** A post in a page of a list: the first 3 likers, dislikers and comments, and always `viewer`. */
export type PreviewPost = Post & { viewer: ViewerState };

/**
 * Additive: how the signed-in viewer and a person stand by follows, on a profile (`?preview=true`) and
 * on each person of a list of people: whether the viewer follows them, whether they follow the viewer.
 */
export const FollowViewer = Type.Object({ follows: Type.Boolean(), followedBy: Type.Boolean() });
export type FollowViewer = Static<typeof FollowViewer>;

/** A person in a list of people; `viewer` when signed in. */
export const ListedPerson = Type.Object({ ...UserSummary.properties, viewer: Type.Optional(FollowViewer) });
export type ListedPerson = Static<typeof ListedPerson>;

export const User = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  /** Private: only in the user's own answers (their signup, login, own profile read and settings). */
  email: Type.Optional(Type.String()),
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
  /** Additive, on `?preview=true` reads: whether the signed-in viewer follows this user, and they the viewer. */
  viewer: Type.Optional(FollowViewer),
  /** Additive, only on the user's own object (as `email`): their role and what it allows them. */
  role: Type.Optional(Role),
  permissions: Type.Optional(Type.Array(Permission)),
  /** Additive, present when set: the profile's header picture (1500×500), uploaded as the avatar is. */
  headerURL: Type.Optional(Type.String()),
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
  /** Additive: why the person wants to join; required when sign-ups need a moderator's approval. */
  reason: Type.Optional(Type.String()),
  /** Additive: the code of an invite link; the only way in when sign-ups are by invite. */
  inviteCode: Type.Optional(Type.String()),
  /** Additive: the person accepted the server's rules; `false` is refused when there are rules. */
  agreement: Type.Optional(Type.Boolean()),
});
export type SignupBody = Static<typeof SignupBody>;

/** Additive: `GET /api/auth/username-available?username=`, asked by the sign-up form while a name is typed. */
export const UsernameQuery = Type.Object({ username: Type.String() });
export type UsernameQuery = Static<typeof UsernameQuery>;

/**
 * Whether sign-up would take the username. When not: `reason` says why (`taken`: an account has it, in
 * any mix of capitals; `reserved`; `invalid`: its length or characters) and `message` says it in the
 * words sign-up refuses it with.
 */
export const UsernameAvailableReply = Type.Object({
  available: Type.Boolean(),
  reason: Type.Optional(
    Type.Union([Type.Literal('taken'), Type.Literal('reserved'), Type.Literal('invalid')]),
  ),
  message: Type.Optional(Type.String()),
});
export type UsernameAvailableReply = Static<typeof UsernameAvailableReply>;

export const LoginBody = Type.Object({ username: Type.String(), password: Type.String() });
export type LoginBody = Static<typeof LoginBody>;

/** Additive: `mediaIds`, uploads of the author's (POST /api/media) shown in that order; `sensitive`. */
export const PostDataBody = Type.Object({
  postData: Type.Object({
    content: Type.String(),
    mediaIds: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
    sensitive: Type.Optional(Type.Boolean()),
    /** Additive: the post this one quotes (on creation only). */
    quoteId: Type.Optional(Type.String()),
    /** Additive: who may quote this post; the author's default (preferences) when left out. */
    quotePolicy: Type.Optional(QuotePolicy),
  }),
});
export type PostDataBody = Static<typeof PostDataBody>;

/** Additive: `mediaIds`, at most one upload of the author's. */
export const CommentDataBody = Type.Object({
  commentData: Type.Object({
    text: Type.String(),
    mediaIds: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
  }),
});
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
/** `GET /api/posts/user/:username`; additive `filter` (newest first only): posts, reposts, or both. */
export const ProfilePostsQuery = Type.Object({
  ...PostListQuery.properties,
  filter: Type.Optional(ProfileFilter),
});
export type ProfilePostsQuery = Static<typeof ProfilePostsQuery>;

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
export const UsersReply = Type.Object({ users: Type.Array(User), nextCursor: Type.Optional(NextCursor) });
export type UsersReply = Static<typeof UsersReply>;
export const UserReply = Type.Object({ user: User });
export type UserReply = Static<typeof UserReply>;
/** `GET /users/suggestions`: people to follow, with their bio for the 'Recommended People' panel. */
export const SuggestionsReply = Type.Object({
  users: Type.Array(Type.Object({ ...ListedPerson.properties, bio: Type.String() })),
});
export type SuggestionsReply = Static<typeof SuggestionsReply>;
export const UserSummariesReply = Type.Object({
  users: Type.Array(ListedPerson),
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
export const HealthReply = Type.Object({
  status: Type.String(),
  database: Type.String(),
  /** Live events (`GET /api/events`): "ok", or "unavailable" while their shared channel (Redis) is down. */
  events: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('unavailable')])),
});
export type HealthReply = Static<typeof HealthReply>;

// ---- the account (additive; the signed-in user's own settings) ----

/** `POST /api/account/password`: every token issued before the change stops working; the answer carries a new one. */
export const ChangePasswordBody = Type.Object({ currentPassword: Type.String(), newPassword: Type.String() });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
export const ChangePasswordReply = Type.Object({ encodedToken: Type.String() });
export type ChangePasswordReply = Static<typeof ChangePasswordReply>;

/** `POST /api/account/delete`: the password confirms; everything of the user goes, every other count stays exact. */
export const DeleteAccountBody = Type.Object({ password: Type.String() });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
export const DeleteAccountReply = Type.Object({ deleted: Type.Literal(true) });
export type DeleteAccountReply = Static<typeof DeleteAccountReply>;

/**
 * `GET /api/account/export`: everything the user wrote or did, as one JSON download
 * (`content-disposition: attachment`). Posts and comments are the user's own, with their counts;
 * reactions, votes, bookmarks and follows name the other side by id.
 */
export const AccountExport = Type.Object({
  exportedAt: Type.String(),
  profile: Type.Object({
    _id: Type.String(),
    username: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    avatarURL: Type.String(),
    bio: Type.String(),
    links: Type.String(),
    city: Type.String(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  }),
  posts: Type.Array(
    Type.Object({
      _id: Type.String(),
      content: Type.String(),
      likeCount: Type.Integer(),
      commentCount: Type.Integer(),
      createdAt: Type.String(),
      updatedAt: Type.String(),
    }),
  ),
  comments: Type.Array(
    Type.Object({
      _id: Type.String(),
      postId: Type.String(),
      text: Type.String(),
      createdAt: Type.String(),
      updatedAt: Type.String(),
    }),
  ),
  reactions: Type.Array(
    Type.Object({
      postId: Type.String(),
      kind: Type.Union([Type.Literal('like'), Type.Literal('dislike')]),
      createdAt: Type.String(),
    }),
  ),
  commentVotes: Type.Array(
    Type.Object({
      commentId: Type.String(),
      kind: Type.Union([Type.Literal('up'), Type.Literal('down')]),
      createdAt: Type.String(),
    }),
  ),
  bookmarks: Type.Array(Type.Object({ postId: Type.String(), createdAt: Type.String() })),
  /** Additive (issue 28): the posts the person reposted, oldest repost first. */
  reposts: Type.Optional(Type.Array(Type.Object({ postId: Type.String(), createdAt: Type.String() }))),
  following: Type.Array(
    Type.Object({ userId: Type.String(), username: Type.String(), createdAt: Type.String() }),
  ),
  followers: Type.Array(
    Type.Object({ userId: Type.String(), username: Type.String(), createdAt: Type.String() }),
  ),
  /** Additive (issue 44): the people the person blocked, the earliest first. */
  blocks: Type.Optional(
    Type.Array(Type.Object({ userId: Type.String(), username: Type.String(), createdAt: Type.String() })),
  ),
  /** Additive (issue 44): the mutes that have not ended; `notifications`: theirs are hidden too. */
  mutes: Type.Optional(
    Type.Array(
      Type.Object({
        userId: Type.String(),
        username: Type.String(),
        notifications: Type.Boolean(),
        expiresAt: Type.Union([Type.String(), Type.Null()]),
        createdAt: Type.String(),
      }),
    ),
  ),
  /** Additive (issue 44): the keyword filters, as `GET /api/filters` shows them, without ids of keywords. */
  filters: Type.Optional(
    Type.Array(
      Type.Object({
        _id: Type.String(),
        title: Type.String(),
        context: Type.Array(FilterContext),
        action: FilterAction,
        expiresAt: Type.Union([Type.String(), Type.Null()]),
        keywords: Type.Array(Type.Object({ keyword: Type.String(), wholeWord: Type.Boolean() })),
      }),
    ),
  ),
  /**
   * Additive (issue 44): the versions of the person's posts and comments that edits replaced (a post's
   * own when `commentId` is null), with the images each showed (by media id) and their alt text.
   */
  editHistory: Type.Optional(
    Type.Array(
      Type.Object({
        postId: Type.String(),
        commentId: Type.Union([Type.String(), Type.Null()]),
        text: Type.String(),
        sensitive: Type.Boolean(),
        media: Type.Array(Type.Object({ id: Type.String(), description: Type.String() })),
        writtenAt: Type.String(),
        replacedAt: Type.String(),
      }),
    ),
  ),
  /**
   * Additive (issue 44): every image the person uploaded (attached to a post or a comment, their avatar
   * and header, or not attached yet) with its alt text. `path`: the file's place in the archive
   * (`GET /api/account/archive`), which holds this JSON beside the files.
   */
  media: Type.Optional(
    Type.Array(
      Type.Object({
        _id: Type.String(),
        purpose: Type.Union([Type.Literal('attachment'), Type.Literal('avatar'), Type.Literal('header')]),
        postId: Type.Union([Type.String(), Type.Null()]),
        commentId: Type.Union([Type.String(), Type.Null()]),
        path: Type.String(),
        contentType: Type.String(),
        description: Type.String(),
        width: Type.Integer(),
        height: Type.Integer(),
        focus: Type.Object({ x: Type.Number(), y: Type.Number() }),
        createdAt: Type.String(),
      }),
    ),
  ),
});
export type AccountExport = Static<typeof AccountExport>;

/**
 * The lists Sync exports and imports as Mastodon's CSV files (Settings → Import and export), by the
 * names of Mastodon's import types: `GET /api/account/export/:list` downloads one, `POST
 * /api/account/import` brings one in.
 */
export const AccountList = Type.Union([
  Type.Literal('following'),
  Type.Literal('blocking'),
  Type.Literal('muting'),
  Type.Literal('bookmarks'),
]);
export type AccountList = Static<typeof AccountList>;
export const AccountListParams = Type.Object({ list: AccountList });

/** `merge`: adds the file's rows to the list; `overwrite`: the list becomes the file's rows. */
export const ImportMode = Type.Union([Type.Literal('merge'), Type.Literal('overwrite')]);
export type ImportMode = Static<typeof ImportMode>;

/**
 * `POST /api/account/import`'s text fields (multipart/form-data, as Mastodon's import form sends them),
 * beside the CSV file in the field `data`. `mode` is `merge` when left out.
 */
export const ImportBody = Type.Object({ type: AccountList, mode: Type.Optional(ImportMode) });
export type ImportBody = Static<typeof ImportBody>;

/** The rows an import could not apply, counted, and the first of them named, each with why. */
export const ImportSkipped = Type.Object({
  count: Type.Integer(),
  /** At most 100: what the row named (an address or a post's URL) and why it was not applied. */
  rows: Type.Array(Type.Object({ row: Type.String(), reason: Type.String() })),
});

/**
 * `POST /api/account/import` (multipart: `type`, `mode`, the file in `data`): what the import did.
 * `added`: rows applied that were not on the list yet; `kept`: rows on the list already; `removed`:
 * entries an overwrite took off; `notFound`: people or posts not on this server (Sync does not
 * federate yet) or not there any more; `refused`: rows a rule refused (someone who blocked you, yourself).
 */
export const ImportReply = Type.Object({
  type: AccountList,
  mode: ImportMode,
  rows: Type.Integer(),
  added: Type.Integer(),
  kept: Type.Integer(),
  removed: Type.Integer(),
  notFound: ImportSkipped,
  refused: ImportSkipped,
});
export type ImportReply = Static<typeof ImportReply>;

// ---- the social core (additive): the Following timeline, tags, notifications, search ----

export * from './text-entities.js';
export { textEntityFixtures } from './text-entities.fixtures.js';

export const SearchLimits = { queryMax: 200 } as const;

/** `GET /api/timeline` and `GET /api/tags/:tag`: always paginated. */
export const PostsPageReply = Type.Object({ posts: Type.Array(Post), nextCursor: NextCursor });
export type PostsPageReply = Static<typeof PostsPageReply>;
export const TagParams = Type.Object({ tag: Type.String() });

export const NotificationType = Type.Union([
  Type.Literal('like'),
  Type.Literal('comment'),
  Type.Literal('mention'),
  Type.Literal('follow'),
  Type.Literal('upvote'),
  /** Additive (issue 26): a report the person filed was resolved; `report` says which. */
  Type.Literal('report_resolved'),
  /** Additive (issue 26): a moderator warned, limited or suspended the person; `moderationWarning` says so. */
  Type.Literal('moderation_warning'),
  /** Additive (issue 28): people reposted the person's post (grouped per post, like likes). */
  Type.Literal('repost'),
  /** Additive (issue 28): someone quoted the person's post; `post` is the quoting post. */
  Type.Literal('quote'),
  /** Additive (issue 28): a post the person liked, commented, reposted or bookmarked was edited; `post` is it. */
  Type.Literal('update'),
  /** Additive (issue 28): a post the person quoted was edited; `post` is the person's quoting post. */
  Type.Literal('quoted_update'),
  /** Additive (issue 44), to staff who handle reports only: a report was filed; `newReport` says which. */
  Type.Literal('new_report'),
]);
export type NotificationType = Static<typeof NotificationType>;

/**
 * One entry of `GET /api/notifications`. Likes of one post, upvotes of one comment and new followers
 * are grouped: `actors` are the newest few (at most 3), `actorCount` counts them all. `post` is a
 * preview of the post liked, commented on or mentioned in; `comment` the comment commented, mentioned
 * in or upvoted; `report` the report resolved (it has no actors: the server tells, naming no
 * moderator). `createdAt` is the time of the latest cause; `read` says whether it came before the user
 * last marked notifications as read.
 */
export const Notification = Type.Object({
  _id: Type.String(),
  type: NotificationType,
  actors: Type.Array(UserSummary),
  actorCount: Type.Integer(),
  post: Type.Optional(Post),
  comment: Type.Optional(Comment),
  report: Type.Optional(ResolvedReportNotice),
  /** The warning, limit or suspension a `moderation_warning` tells of (it has no actors). */
  moderationWarning: Type.Optional(ModerationWarningNotice),
  /** Additive (issue 44): the report a `new_report` tells of (it has no actors). */
  newReport: Type.Optional(NewReportNotice),
  createdAt: Type.String(),
  read: Type.Boolean(),
  /**
   * Additive (issue 29): on a `follow` entry, those of `actors` the person follows (their ids); the
   * others are offered "Follow back".
   */
  followedActorIds: Type.Optional(Type.Array(Type.String())),
});
export type Notification = Static<typeof Notification>;
export const NotificationsReply = Type.Object({
  notifications: Type.Array(Notification),
  nextCursor: NextCursor,
});
export type NotificationsReply = Static<typeof NotificationsReply>;
/** `GET /api/notifications/unread` and `POST /api/notifications/read` (which answers 0). */
export const UnreadCountReply = Type.Object({ count: Type.Integer() });
export type UnreadCountReply = Static<typeof UnreadCountReply>;

/**
 * `GET /api/search?q=…&type=posts|users|tags`: posts by full text, newest first, with the operators
 * `from:username` and `#tag`; people by a prefix of their username or name (case and accents ignored);
 * additive (issue 29): tags by a prefix (with or without its `#`), most used first.
 */
export const SearchQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.String(),
  type: Type.Optional(Type.Union([Type.Literal('posts'), Type.Literal('users'), Type.Literal('tags')])),
});
export type SearchQuery = Static<typeof SearchQuery>;
export const PersonSummary = Type.Object({ ...ListedPerson.properties, bio: Type.String() });
export type PersonSummary = Static<typeof PersonSummary>;
export const SearchUsersReply = Type.Object({ users: Type.Array(PersonSummary), nextCursor: NextCursor });
export type SearchUsersReply = Static<typeof SearchUsersReply>;
/** A tag some post has, and how many posts have it. */
export const TagUse = Type.Object({ name: Type.String(), uses: Type.Integer() });
export type TagUse = Static<typeof TagUse>;
/** `GET /api/search?type=tags` (additive, issue 29). */
export const SearchTagsReply = Type.Object({ tags: Type.Array(TagUse), nextCursor: NextCursor });
export type SearchTagsReply = Static<typeof SearchTagsReply>;

// ---- live events (additive): `GET /api/events`, server-sent events for the signed-in user ----

/**
 * The events of the stream, by their `event:` name, with the JSON of their `data:`. Every event has an
 * `id:`; a client that reconnects sends the last one as `Last-Event-ID` and gets what it missed, or
 * `reset` when those events are no longer held (it then refetches what it shows).
 */
export interface LiveEvents {
  /** A new post by someone the user follows, or by the user (another tab or device). */
  post: { post: PreviewPost };
  /** A notification created, or a group that grew; as `GET /api/notifications` shows it. */
  notification: LiveNotificationData;
  /** A post's counts changed (at most one event per post per second). */
  counts: { postId: string; likeCount: number; commentCount: number; repostCount?: number };
  /** The events since `Last-Event-ID` are no longer held: refetch, then carry on with this stream. */
  reset: Record<string, never>;
}
export type LiveNotificationData = { notification: Notification; unreadCount: number };
export type LiveEventName = keyof LiveEvents;

// ---- OAuth consent for Mastodon apps (additive: the web client's /oauth/authorize page) ----

/** What an app asks for on `/oauth/authorize`: the query it was opened with, passed on as it is. */
export const AuthorizationQuery = Type.Object({
  response_type: Type.Optional(Type.String()),
  client_id: Type.String(),
  redirect_uri: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  code_challenge: Type.Optional(Type.String()),
  code_challenge_method: Type.Optional(Type.String()),
});
export type AuthorizationQuery = Static<typeof AuthorizationQuery>;

/** `GET /api/oauth/authorization`: what the consent screen shows. */
export const AuthorizationRequestReply = Type.Object({
  app: Type.Object({ name: Type.String(), website: Type.Union([Type.String(), Type.Null()]) }),
  scopes: Type.Array(Type.String()),
  redirectUri: Type.String(),
  /** The person approved this app with these scopes before: the page may go on without asking. */
  alreadyApproved: Type.Boolean(),
});
export type AuthorizationRequestReply = Static<typeof AuthorizationRequestReply>;

/** `POST /api/oauth/authorization`: the person's decision on the query the page was opened with. */
export const AuthorizationDecisionBody = Type.Object({
  ...AuthorizationQuery.properties,
  decision: Type.Union([Type.Literal('approve'), Type.Literal('deny')]),
});
export type AuthorizationDecisionBody = Static<typeof AuthorizationDecisionBody>;

/** Where the browser goes next. */
export const AuthorizationRedirect = Type.Object({ redirectTo: Type.String() });
export type AuthorizationRedirect = Static<typeof AuthorizationRedirect>;
/** For `urn:ietf:wg:oauth:2.0:oob`: the code to copy into the app. */
export const AuthorizationCode = Type.Object({ code: Type.String() });
export type AuthorizationCode = Static<typeof AuthorizationCode>;
/** Where the browser goes next, or (for `urn:ietf:wg:oauth:2.0:oob`) the code to copy into the app. */
export const AuthorizationDecisionReply = Type.Union([AuthorizationRedirect, AuthorizationCode]);
export type AuthorizationDecisionReply = Static<typeof AuthorizationDecisionReply>;

/** Settings → Authorized apps: each app with access to the account. */
export const AuthorizedApp = Type.Object({
  id: Type.String(),
  name: Type.String(),
  website: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  authorizedAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type AuthorizedApp = Static<typeof AuthorizedApp>;
export const AuthorizedAppsReply = Type.Object({ apps: Type.Array(AuthorizedApp) });
export type AuthorizedAppsReply = Static<typeof AuthorizedAppsReply>;
export const AppIdParams = Type.Object({ appId: Type.String() });
export const NoContent = Type.Null();
export * from './safety.js';
export * from './media.js';
export * from './sharing.js';
export * from './edits.js';
export * from './email.js';
export * from './notification-settings.js';
