import { Type, type Static } from 'typebox';
import { UserSummary } from './user-summary.js';
import { MediaAttachment } from './media.js';

/**
 * Sharing (issue 28, docs/decisions/092): reposts and quote posts. Everything here is additive: a client
 * that knows nothing of them sees the same posts it always did (a repost in a timeline is the reposted
 * post, carrying `reposted`).
 */

/** Who may quote a post: anyone, the author's followers, people the author follows, nobody. */
export const QuotePolicy = Type.Union([
  Type.Literal('anyone'),
  Type.Literal('followers'),
  Type.Literal('following'),
  Type.Literal('nobody'),
]);
export type QuotePolicy = Static<typeof QuotePolicy>;

/**
 * On an item of the Following timeline or a profile's reposts: the item is this person's repost of
 * the post (the newest repost by someone the viewer follows, when several reposted it). `repostId`
 * is the item's place in the list.
 */
export const RepostedBy = Type.Object({
  repostId: Type.String(),
  by: UserSummary,
  at: Type.String(),
});
export type RepostedBy = Static<typeof RepostedBy>;

/** The post a quote shows: its text, author and images, without its lists (open it for those). */
export const QuotedPost = Type.Object({
  _id: Type.String(),
  content: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarURL: Type.String(),
  createdAt: Type.String(),
  media: Type.Optional(Type.Array(MediaAttachment)),
  sensitive: Type.Optional(Type.Boolean()),
  editedAt: Type.Optional(Type.String()),
  /** It quotes a post too (not shown inside a quote: open it). */
  quotesPostId: Type.Optional(Type.String()),
});
export type QuotedPost = Static<typeof QuotedPost>;

/**
 * On a post that quotes another:
 * - `accepted`: `post` is the quoted post;
 * - `revoked`: the quoted author detached it ("Removed by the author");
 * - `deleted`: the quoted post was deleted, or its author suspended;
 * - `hidden`: the viewer does not see it (a block either way, a mute).
 */
export const QuoteState = Type.Union([
  Type.Literal('accepted'),
  Type.Literal('revoked'),
  Type.Literal('deleted'),
  Type.Literal('hidden'),
]);
export type QuoteState = Static<typeof QuoteState>;
export const Quote = Type.Object({ state: QuoteState, post: Type.Optional(QuotedPost) });
export type Quote = Static<typeof Quote>;

/** `POST|DELETE /api/posts/:postId/repost`: idempotent; the count after the change. */
export const RepostReply = Type.Object({ reposted: Type.Boolean(), repostCount: Type.Integer() });
export type RepostReply = Static<typeof RepostReply>;

/** `POST /api/posts/:postId/quotes/:quotingPostId/detach` (the quoted post's author only). */
export const DetachQuoteParams = Type.Object({ postId: Type.String(), quotingPostId: Type.String() });
export type DetachQuoteParams = Static<typeof DetachQuoteParams>;
export const DetachQuoteReply = Type.Object({ detached: Type.Literal(true) });
export type DetachQuoteReply = Static<typeof DetachQuoteReply>;

/** `GET /api/posts/user/:username?filter=`: the author's posts (the default), their reposts, or both. */
export const ProfileFilter = Type.Union([
  Type.Literal('posts'),
  Type.Literal('reposts'),
  Type.Literal('all'),
]);
export type ProfileFilter = Static<typeof ProfileFilter>;

/** `POST /api/follows/reposts/:followUserId`: show or hide a followed person's reposts in the timeline. */
export const ShowRepostsBody = Type.Object({ show: Type.Boolean() });
export type ShowRepostsBody = Static<typeof ShowRepostsBody>;

/** `GET|PUT /api/account/preferences`: the signed-in person's defaults; a PUT changes what it sends. */
export const Preferences = Type.Object({ quotePolicy: QuotePolicy });
export type Preferences = Static<typeof Preferences>;
export const PreferencesBody = Type.Partial(Preferences);
export type PreferencesBody = Static<typeof PreferencesBody>;
export const PreferencesReply = Type.Object({ preferences: Preferences });
export type PreferencesReply = Static<typeof PreferencesReply>;
