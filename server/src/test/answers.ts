import {
  AccountActionReply,
  AccountExport,
  AccountStateReply,
  AdminAccountReply,
  AdminAccountsReply,
  AdminReportReply,
  AdminReportsReply,
  AuditLogReply,
  AuthLoginReply,
  AuthorizationDecisionReply,
  AuthorizationRequestReply,
  AuthorizedAppsReply,
  AuthSignupReply,
  BlocksReply,
  BookmarkStateReply,
  BookmarksReply,
  ChangePasswordReply,
  CommentReply,
  CommentsReply,
  DeleteAccountReply,
  DeletedReply,
  DetachQuoteReply,
  EditHistoryReply,
  EmailConfirmedReply,
  EmailDomainBlockReply,
  EmailDomainBlocksReply,
  EmailSentReply,
  FilterReply,
  FiltersReply,
  FollowReply,
  FollowStateReply,
  HealthReply,
  ImportReply,
  InstanceReply,
  InstanceSettingsReply,
  InviteReply,
  InvitesReply,
  MediaReply,
  MutesReply,
  NoContent,
  NotificationSettingsReply,
  NotificationsReply,
  OnboardedReply,
  OpenReportCountReply,
  PasswordResetCheckReply,
  PasswordResetReply,
  PostReply,
  PostsPageReply,
  PostsReply,
  PreferencesReply,
  RegistrationReply,
  RelationshipReply,
  ReportReply,
  ReportsReply,
  RepostReply,
  RoleReply,
  RuleReply,
  RulesReply,
  SearchTagsReply,
  SearchUsersReply,
  SuggestionsReply,
  UnreadCountReply,
  UserReply,
  UserSummariesReply,
  UsernameAvailableReply,
  UsersReply,
} from '@sync/contract';
import * as Mastodon from '@sync/contract/mastodon';
import { Type, type Static, type TSchema } from 'typebox';

/**
 * A change's entries: `?return=post` and `?return=minimal` answer only what changed, the plain route
 * the contract's whole list (`wantsChangedOnly` in api/sync/reply-shape.ts).
 */
function changing<const Path extends string, Whole extends TSchema, Changed extends TSchema>(
  path: Path,
  whole: Whole,
  changed: Changed,
) {
  return [
    [`${path}?return=post`, changed],
    [`${path}?return=minimal`, changed],
    [path, whole],
  ] as const;
}

/**
 * What each route of both APIs answers when it succeeds, by method: the contract's schema, as the route
 * declares it (answers.test.ts holds each entry to the app's own route), so a suite's `request` reads a
 * typed body. A path is matched segment by segment (`:name` is any one segment) and the first entry
 * that matches answers: a fixed segment comes before a `:name` in the same place, and an entry that also
 * names a query parameter (`?return=post`: the answer of only what changed) before the plain one.
 * Where a route declares its 2xx answers, an entry's schema is one of them (answers.test.ts).
 */
export const answers = {
  GET: [
    ['/api/health', HealthReply],
    ['/api/account/export', AccountExport],
    ['/api/auth/username-available', UsernameAvailableReply],
    ['/api/account', AccountStateReply],
    ['/api/account/preferences', PreferencesReply],
    ['/api/account/notification-settings', NotificationSettingsReply],
    ['/api/posts/user/:username', PostsReply],
    ['/api/posts/:postId/history', EditHistoryReply],
    ['/api/posts/:postId/quotes', PostsPageReply],
    ['/api/posts/:postId/likes', UserSummariesReply],
    ['/api/posts/:postId/dislikes', UserSummariesReply],
    ['/api/posts/:postId/reposts', UserSummariesReply],
    ['/api/posts/:postId', PostReply],
    ['/api/posts', PostsReply],
    ['/api/comments/:postId/:commentId/history', EditHistoryReply],
    ['/api/comments/:postId', CommentsReply],
    ['/api/users/suggestions', SuggestionsReply],
    ['/api/users/bookmark', BookmarksReply],
    ['/api/users/:username/followers', UserSummariesReply],
    ['/api/users/:username/following', UserSummariesReply],
    ['/api/users/:username/relationship', RelationshipReply],
    ['/api/users/:username', UserReply],
    ['/api/users', UsersReply],
    ['/api/blocks', BlocksReply],
    ['/api/mutes', MutesReply],
    ['/api/notifications/unread', UnreadCountReply],
    ['/api/notifications', NotificationsReply],
    ['/api/reports', ReportsReply],
    ['/api/admin/reports/open-count', OpenReportCountReply],
    ['/api/admin/reports/:id', AdminReportReply],
    ['/api/admin/reports', AdminReportsReply],
    ['/api/filters', FiltersReply],
    ['/api/media/:id', MediaReply],
    ['/api/timeline', PostsPageReply],
    ['/api/tags/:tag', PostsPageReply],
    ['/api/search?type=users', SearchUsersReply],
    ['/api/search?type=tags', SearchTagsReply],
    ['/api/search', PostsPageReply],
    ['/api/oauth/authorization', AuthorizationRequestReply],
    ['/api/oauth/apps', AuthorizedAppsReply],
    ['/api/instance', InstanceReply],
    ['/api/admin/settings', InstanceSettingsReply],
    ['/api/admin/rules', RulesReply],
    ['/api/admin/email-domain-blocks', EmailDomainBlocksReply],
    ['/api/admin/invites', InvitesReply],
    ['/api/admin/accounts/:username', AdminAccountReply],
    ['/api/admin/accounts', AdminAccountsReply],
    ['/api/admin/audit-log', AuditLogReply],
    ['/api/v1/statuses/:id/context', Mastodon.Context],
    ['/api/v1/statuses/:id/favourited_by', Type.Array(Mastodon.Account)],
    ['/api/v1/statuses/:id/reblogged_by', Type.Array(Mastodon.Account)],
    ['/api/v1/statuses/:id/quotes', Type.Array(Mastodon.Status)],
    ['/api/v1/statuses/:id/history', Type.Array(Mastodon.StatusEdit)],
    ['/api/v1/statuses/:id/source', Mastodon.StatusSource],
    ['/api/v1/statuses/:id', Mastodon.Status],
    ['/api/v1/media/:id', Mastodon.MediaAttachment],
    ['/api/v1/timelines/home', Type.Array(Mastodon.Status)],
    ['/api/v1/timelines/public', Type.Array(Mastodon.Status)],
    ['/api/v1/timelines/tag/:hashtag', Type.Array(Mastodon.Status)],
    ['/api/v1/accounts/verify_credentials', Mastodon.CredentialAccount],
    ['/api/v1/accounts/lookup', Mastodon.Account],
    ['/api/v1/accounts/search', Type.Array(Mastodon.Account)],
    ['/api/v1/accounts/relationships', Type.Array(Mastodon.Relationship)],
    ['/api/v1/accounts/familiar_followers', Type.Array(Mastodon.FamiliarFollowers)],
    ['/api/v1/accounts/:id/statuses', Type.Array(Mastodon.Status)],
    ['/api/v1/accounts/:id/featured_tags', Mastodon.AlwaysEmpty],
    ['/api/v1/accounts/:id/lists', Mastodon.AlwaysEmpty],
    ['/api/v1/accounts/:id/followers', Type.Array(Mastodon.Account)],
    ['/api/v1/accounts/:id/following', Type.Array(Mastodon.Account)],
    ['/api/v1/accounts/:id', Mastodon.Account],
    ['/api/v1/accounts', Type.Array(Mastodon.Account)],
    ['/api/v1/trends/tags', Type.Array(Mastodon.Tag)],
    ['/api/v1/trends/links', Mastodon.AlwaysEmpty],
    ['/api/v1/trends/statuses', Type.Array(Mastodon.Status)],
    ['/api/v1/trends', Type.Array(Mastodon.Tag)],
    ['/api/v1/tags/:name', Mastodon.Tag],
    ['/api/v1/notifications/unread_count', Mastodon.UnreadCount],
    ['/api/v1/notifications/:id', Mastodon.Notification],
    ['/api/v1/notifications', Type.Array(Mastodon.Notification)],
    ['/api/v1/admin/reports/:id', Mastodon.AdminReport],
    ['/api/v1/admin/reports', Type.Array(Mastodon.AdminReport)],
    ['/api/v1/admin/accounts/:id', Mastodon.AdminAccount],
    ['/api/v1/admin/accounts', Type.Array(Mastodon.AdminAccount)],
    ['/api/v1/favourites', Type.Array(Mastodon.Status)],
    ['/api/v1/bookmarks', Type.Array(Mastodon.Status)],
    ['/api/v1/blocks', Type.Array(Mastodon.Account)],
    ['/api/v1/mutes', Type.Array(Mastodon.MutedAccount)],
    ['/api/v1/instance/rules', Type.Array(Mastodon.Rule)],
    ['/api/v1/instance', Mastodon.V1Instance],
    ['/api/v1/markers', Mastodon.Markers],
    ['/api/v1/filters', Type.Array(Mastodon.V1Filter)],
    ['/api/v1/preferences', Mastodon.Preferences],
    ['/api/v1/apps/verify_credentials', Mastodon.Application],
    // What Sync has none of (yet): valid empty lists, for the apps that load them at start.
    ['/api/v1/announcements', Mastodon.AlwaysEmpty],
    ['/api/v1/conversations', Mastodon.AlwaysEmpty],
    ['/api/v1/custom_emojis', Mastodon.AlwaysEmpty],
    ['/api/v1/domain_blocks', Mastodon.AlwaysEmpty],
    ['/api/v1/endorsements', Mastodon.AlwaysEmpty],
    ['/api/v1/featured_tags', Mastodon.AlwaysEmpty],
    ['/api/v1/follow_requests', Mastodon.AlwaysEmpty],
    ['/api/v1/followed_tags', Mastodon.AlwaysEmpty],
    ['/api/v1/lists', Mastodon.AlwaysEmpty],
    ['/api/v1/scheduled_statuses', Mastodon.AlwaysEmpty],
    ['/api/v2/search', Mastodon.Search],
    ['/api/v2/suggestions', Type.Array(Mastodon.Suggestion)],
    ['/api/v2/instance', Mastodon.Instance],
    ['/api/v2/notifications/policy', Mastodon.NotificationPolicy],
    ['/api/v2/notifications/unread_count', Mastodon.UnreadCount],
    ['/api/v2/notifications/:group_key/accounts', Type.Array(Mastodon.Account)],
    ['/api/v2/notifications/:group_key', Mastodon.GroupedNotificationsResults],
    ['/api/v2/notifications', Mastodon.GroupedNotificationsResults],
    ['/api/v2/admin/accounts', Type.Array(Mastodon.AdminAccount)],
    ['/api/v2/filters/keywords/:id', Mastodon.FilterKeyword],
    ['/api/v2/filters/:id/keywords', Type.Array(Mastodon.FilterKeyword)],
    ['/api/v2/filters/:id', Mastodon.Filter],
    ['/api/v2/filters', Type.Array(Mastodon.Filter)],
  ],
  POST: [
    ['/api/auth/signup', AuthSignupReply],
    ['/api/auth/login', AuthLoginReply],
    ['/api/auth/password-reset/check', PasswordResetCheckReply],
    ['/api/auth/password-reset/confirm', PasswordResetReply],
    ['/api/auth/password-reset', EmailSentReply],
    ['/api/auth/confirmation/resend', EmailSentReply],
    ['/api/auth/confirm', EmailConfirmedReply],
    ['/api/account/password', ChangePasswordReply],
    ['/api/account/import', ImportReply],
    ['/api/account/onboarding', OnboardedReply],
    ['/api/account/delete', DeleteAccountReply],
    ['/api/account/email/confirm', EmailConfirmedReply],
    ['/api/account/email', EmailSentReply],
    ['/api/posts/:postId/quotes/:quotingPostId/detach', DetachQuoteReply],
    ['/api/posts/:postId/repost', RepostReply],
    ...changing('/api/posts/edit/:postId', PostsReply, PostReply),
    ...changing('/api/posts/like/:postId', PostsReply, PostReply),
    ...changing('/api/posts/dislike/:postId', PostsReply, PostReply),
    ...changing('/api/posts', PostsReply, PostReply),
    ...changing('/api/comments/edit/:postId/:commentId', PostsReply, CommentReply),
    ...changing('/api/comments/delete/:postId/:commentId', PostsReply, CommentReply),
    ...changing('/api/comments/upvote/:postId/:commentId', PostsReply, CommentReply),
    ...changing('/api/comments/downvote/:postId/:commentId', PostsReply, CommentReply),
    ...changing('/api/comments/unvote/:postId/:commentId', PostsReply, CommentReply),
    ...changing('/api/comments/add/:postId', PostsReply, CommentReply),
    ...changing('/api/users/edit', UsersReply, UserReply),
    ...changing('/api/users/bookmark/:postId', BookmarksReply, BookmarkStateReply),
    ...changing('/api/users/remove-bookmark/:postId', BookmarksReply, BookmarkStateReply),
    ...changing('/api/users/follow/:followUserId', FollowReply, FollowStateReply),
    ...changing('/api/users/unfollow/:followUserId', FollowReply, FollowStateReply),
    ['/api/users/:username/block', RelationshipReply],
    ['/api/users/:username/mute', RelationshipReply],
    ['/api/notifications/read', UnreadCountReply],
    ['/api/reports', ReportReply],
    ['/api/admin/reports/:id/assign', AdminReportReply],
    ['/api/admin/reports/:id/unassign', AdminReportReply],
    ['/api/admin/reports/:id/reopen', AdminReportReply],
    ['/api/admin/reports/:id/resolve', AdminReportReply],
    ['/api/filters', FilterReply],
    ['/api/media', MediaReply],
    ['/api/follows/reposts/:followUserId', RelationshipReply],
    ['/api/oauth/authorization', AuthorizationDecisionReply],
    ['/api/admin/rules', RuleReply],
    ['/api/admin/email-domain-blocks', EmailDomainBlockReply],
    ['/api/admin/invites', InviteReply],
    ['/api/admin/accounts/:username/actions', AccountActionReply],
    ['/api/admin/accounts/:username/approve', RegistrationReply],
    ['/api/admin/accounts/:username/reject', RegistrationReply],
    ['/api/v1/statuses/:id/quotes/:quoting_status_id/revoke', Mastodon.Status],
    ['/api/v1/statuses/:id/pin', Mastodon.Status],
    ['/api/v1/statuses/:id/unpin', Mastodon.Status],
    ['/api/v1/statuses/:id/favourite', Mastodon.Status],
    ['/api/v1/statuses/:id/unfavourite', Mastodon.Status],
    ['/api/v1/statuses/:id/reblog', Mastodon.Status],
    ['/api/v1/statuses/:id/unreblog', Mastodon.Status],
    ['/api/v1/statuses/:id/bookmark', Mastodon.Status],
    ['/api/v1/statuses/:id/unbookmark', Mastodon.Status],
    ['/api/v1/statuses', Mastodon.Status],
    ['/api/v1/media', Mastodon.MediaAttachment],
    ['/api/v1/accounts/:id/follow', Mastodon.Relationship],
    ['/api/v1/accounts/:id/unfollow', Mastodon.Relationship],
    ['/api/v1/accounts/:id/block', Mastodon.Relationship],
    ['/api/v1/accounts/:id/unblock', Mastodon.Relationship],
    ['/api/v1/accounts/:id/mute', Mastodon.Relationship],
    ['/api/v1/accounts/:id/unmute', Mastodon.Relationship],
    ['/api/v1/reports', Mastodon.Report],
    ['/api/v1/admin/reports/:id/assign_to_self', Mastodon.AdminReport],
    ['/api/v1/admin/reports/:id/unassign', Mastodon.AdminReport],
    ['/api/v1/admin/reports/:id/resolve', Mastodon.AdminReport],
    ['/api/v1/admin/reports/:id/reopen', Mastodon.AdminReport],
    ['/api/v1/admin/accounts/:id/action', Mastodon.Empty],
    ['/api/v1/admin/accounts/:id/unsuspend', Mastodon.AdminAccount],
    ['/api/v1/admin/accounts/:id/unsilence', Mastodon.AdminAccount],
    ['/api/v1/admin/accounts/:id/enable', Mastodon.AdminAccount],
    ['/api/v1/admin/accounts/:id/unsensitive', Mastodon.AdminAccount],
    ['/api/v1/admin/accounts/:id/approve', Mastodon.AdminAccount],
    ['/api/v1/admin/accounts/:id/reject', Mastodon.AdminAccount],
    ['/api/v1/markers', Mastodon.Markers],
    ['/api/v1/notifications/clear', Mastodon.Empty],
    ['/api/v1/notifications/:id/dismiss', Mastodon.Empty],
    ['/api/v1/accounts', Mastodon.Token],
    ['/api/v1/apps', Mastodon.Application],
    ['/api/v1/emails/confirmations', Mastodon.Empty],
    ['/api/v2/media', Mastodon.MediaAttachment],
    ['/api/v2/notifications/:group_key/dismiss', Mastodon.Empty],
    ['/api/v2/filters/:id/keywords', Mastodon.FilterKeyword],
    ['/api/v2/filters', Mastodon.Filter],
    ['/oauth/token', Mastodon.Token],
    ['/oauth/revoke', Mastodon.Empty],
  ],
  PUT: [
    ['/api/account/preferences', PreferencesReply],
    ['/api/account/notification-settings', NotificationSettingsReply],
    ['/api/account/avatar', UserReply],
    ['/api/account/header', UserReply],
    ['/api/filters/:id', FilterReply],
    ['/api/admin/settings', InstanceSettingsReply],
    ['/api/admin/rules/:id', RuleReply],
    ['/api/admin/accounts/:username/role', RoleReply],
    ['/api/v1/statuses/:id/interaction_policy', Mastodon.Status],
    ['/api/v1/statuses/:id', Mastodon.Status],
    ['/api/v1/media/:id', Mastodon.MediaAttachment],
    ['/api/v2/notifications/policy', Mastodon.NotificationPolicy],
    ['/api/v2/filters/keywords/:id', Mastodon.FilterKeyword],
    ['/api/v2/filters/:id', Mastodon.Filter],
  ],
  PATCH: [
    ['/api/media/:id', MediaReply],
    ['/api/v1/accounts/update_credentials', Mastodon.CredentialAccount],
    ['/api/v2/notifications/policy', Mastodon.NotificationPolicy],
  ],
  DELETE: [
    ['/api/account/avatar', UserReply],
    ['/api/account/header', UserReply],
    ['/api/posts/:postId/repost', RepostReply],
    ...changing('/api/posts/:postId', PostsReply, DeletedReply),
    ['/api/users/:username/block', RelationshipReply],
    ['/api/users/:username/mute', RelationshipReply],
    ['/api/filters/:id', DeletedReply],
    ['/api/media/:id', DeletedReply],
    ['/api/oauth/apps/:appId', NoContent],
    ['/api/admin/rules/:id', DeletedReply],
    ['/api/admin/email-domain-blocks/:domain', DeletedReply],
    ['/api/admin/invites/:id', InviteReply],
    ['/api/admin/posts/:postId/comments/:commentId', DeletedReply],
    ['/api/admin/posts/:postId', DeletedReply],
    ['/api/v1/statuses/:id', Mastodon.Status],
    ['/api/v1/media/:id', Mastodon.Empty],
    ['/api/v2/filters/keywords/:id', Mastodon.Empty],
    ['/api/v2/filters/:id', Mastodon.Empty],
  ],
} as const satisfies Record<string, readonly (readonly [string, TSchema])[]>;

/** The methods the table knows. */
export type AnswerMethod = keyof typeof answers;

/** A path's segments, its query left off. */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? [Head, ...Segments<Tail>]
  : [Path];
type PathOf<Url extends string> = Url extends `${infer Path}?${string}` ? Path : Url;
type QueryOf<Url extends string> = Url extends `${string}?${infer Query}` ? Query : '';

/** Whether a path's segments fit a pattern's: a `:name` takes any one segment, any other only itself. */
type SegmentsFit<Actual extends string[], Pattern extends string[]> = Pattern extends [
  infer PatternHead extends string,
  ...infer PatternTail extends string[],
]
  ? Actual extends [infer ActualHead extends string, ...infer ActualTail extends string[]]
    ? PatternHead extends `:${string}`
      ? SegmentsFit<ActualTail, PatternTail>
      : ActualHead extends PatternHead
        ? SegmentsFit<ActualTail, PatternTail>
        : false
    : false
  : Actual extends []
    ? true
    : false;

/** Whether a query (`a=1&b=2`) names the parameter a pattern asks for (`b=2`), or the pattern asks for none. */
type QueryFits<Query extends string, Wanted extends string> = Wanted extends ''
  ? true
  : `&${Query}&` extends `${string}&${Wanted}&${string}`
    ? true
    : false;

type Fits<Url extends string, Pattern extends string> =
  SegmentsFit<Segments<PathOf<Url>>, Segments<PathOf<Pattern>>> extends true
    ? QueryFits<QueryOf<Url>, QueryOf<Pattern>>
    : false;

type FirstFit<Entries, Url extends string> = Entries extends readonly [
  readonly [infer Pattern extends string, infer Schema extends TSchema],
  ...infer Rest,
]
  ? Fits<Url, Pattern> extends true
    ? Static<Schema>
    : FirstFit<Rest, Url>
  : unknown;

/**
 * The body a successful request answers: by the table, for a method and a path the test wrote out (a
 * template's `${id}` is a segment; a union of paths answers the union of their answers); `unknown` for
 * anything else, which a test reads only once it has typed it.
 */
export type AnswerOf<Method extends string, Url extends string> = Method extends AnswerMethod
  ? Url extends string
    ? FirstFit<(typeof answers)[Method], Url>
    : never
  : unknown;
