/**
 * The Sync API's safety routes (issue 26): blocks, mutes, keyword filters, reports, the instance's
 * public page and the moderators' tools. Each part's schemas are a block of their own.
 */
import { MediaAttachment, MediaConfiguration } from './media.js';
import { EmailConfirmation } from './email.js';
import { Type, type Static } from 'typebox';
import { NextCursor, PageQuery } from './common.js';
import { UserSummary } from './user-summary.js';

// ---- keyword filters: GET|POST /api/filters, PUT|DELETE /api/filters/:id (Mastodon's filters v2) ----

export const FilterLimits = {
  titleMax: 100,
  keywordMax: 100,
  keywordsPerFilter: 100,
  filtersPerPerson: 100,
  /** The longest a filter may be set to last: ten years. */
  expiresInSecondsMax: 10 * 365 * 24 * 60 * 60,
} as const;

/** Where a filter applies, as Mastodon names them: the Following timeline, the rest, threads, profiles. */
export const FilterContext = Type.Union([
  Type.Literal('home'),
  Type.Literal('notifications'),
  Type.Literal('public'),
  Type.Literal('thread'),
  Type.Literal('account'),
]);
export type FilterContext = Static<typeof FilterContext>;
/** `hide`: what matches is left out; `warn`: it is shown behind the filter's title. */
export const FilterAction = Type.Union([Type.Literal('hide'), Type.Literal('warn')]);
export type FilterAction = Static<typeof FilterAction>;

export const FilterKeyword = Type.Object({
  id: Type.String(),
  keyword: Type.String(),
  /** Matches whole words only ("cat" finds "Cat!" and "#cat", not "concatenate"). */
  wholeWord: Type.Boolean(),
});
export type FilterKeyword = Static<typeof FilterKeyword>;

export const Filter = Type.Object({
  id: Type.String(),
  title: Type.String(),
  context: Type.Array(FilterContext),
  action: FilterAction,
  /** Null: until deleted. A filter past its time stays listed and applies no more. */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  keywords: Type.Array(FilterKeyword),
});
export type Filter = Static<typeof Filter>;

/**
 * A filter as written. `keywords` is the whole list: a keyword kept with the same text keeps its id.
 * `expiresInSeconds`: from now; null: never; left out: never on create, unchanged on update.
 */
export const FilterBody = Type.Object({
  title: Type.String(),
  context: Type.Array(FilterContext),
  action: FilterAction,
  expiresInSeconds: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keywords: Type.Array(Type.Object({ keyword: Type.String(), wholeWord: Type.Boolean() })),
});
export type FilterBody = Static<typeof FilterBody>;

export const FiltersReply = Type.Object({ filters: Type.Array(Filter) });
export type FiltersReply = Static<typeof FiltersReply>;
export const FilterReply = Type.Object({ filter: Filter });
export type FilterReply = Static<typeof FilterReply>;

// ---- blocks and mutes: /api/users/:username/relationship|block|mute, GET /api/blocks, /api/mutes ----

/** A UserSummary's fields, for the entries below that add their own to a person. */
const summaryFields = UserSummary.properties;

export const MuteLimits = {
  /** The longest a mute may be set to last: ten years (longer is "until unmuted"). */
  durationSecondsMax: 10 * 365 * 24 * 60 * 60,
} as const;

/** How the signed-in person and another stand: follows both ways, a block either way, a mute of theirs. */
export const Relationship = Type.Object({
  username: Type.String(),
  following: Type.Boolean(),
  followedBy: Type.Boolean(),
  blocking: Type.Boolean(),
  blockedBy: Type.Boolean(),
  muting: Type.Boolean(),
  /** The muted person's notifications are hidden too (false when not muting). */
  mutingNotifications: Type.Boolean(),
  /** When the mute ends by itself; null: until unmuted, or not muting. */
  muteExpiresAt: Type.Union([Type.String(), Type.Null()]),
  /** Their reposts show in the viewer's Following timeline (true when not following). */
  showingReposts: Type.Boolean(),
});
export type Relationship = Static<typeof Relationship>;
export const RelationshipReply = Type.Object({ relationship: Relationship });
export type RelationshipReply = Static<typeof RelationshipReply>;

/**
 * `POST /api/users/:username/mute`. `notifications`: hide their notifications too (the default).
 * `durationSeconds`: the mute ends by itself after it; null or 0: until unmuted. Muting again replaces
 * both.
 */
export const MuteBody = Type.Object({
  notifications: Type.Optional(Type.Boolean()),
  durationSeconds: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: MuteLimits.durationSecondsMax }), Type.Null()]),
  ),
});
export type MuteBody = Static<typeof MuteBody>;

/** `GET /api/blocks`: the people the signed-in person blocked, the latest block first. */
export const BlockedUser = Type.Object({ ...summaryFields, blockedAt: Type.String() });
export type BlockedUser = Static<typeof BlockedUser>;
export const BlocksReply = Type.Object({ users: Type.Array(BlockedUser), nextCursor: NextCursor });
export type BlocksReply = Static<typeof BlocksReply>;

/** `GET /api/mutes`: the people the signed-in person muted (mutes that ended are gone), the latest first. */
export const MutedUser = Type.Object({
  ...summaryFields,
  mutedAt: Type.String(),
  notifications: Type.Boolean(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});
export type MutedUser = Static<typeof MutedUser>;
export const MutesReply = Type.Object({ users: Type.Array(MutedUser), nextCursor: NextCursor });
export type MutesReply = Static<typeof MutesReply>;

// ---- roles, registrations, the instance's rules and its About page: /api/instance, /api/admin/{rules,
// settings,invites,email-domain-blocks}, /api/admin/accounts/:username/{role,approve,reject} ----

export const Role = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('moderator'),
  Type.Literal('user'),
]);
export type Role = Static<typeof Role>;
export const Permission = Type.Union([
  Type.Literal('manage_reports'),
  Type.Literal('manage_users'),
  Type.Literal('manage_rules_and_settings'),
  Type.Literal('manage_roles'),
]);
export type Permission = Static<typeof Permission>;

/**
 * open: anyone signs up; approval: a moderator approves each sign-up (a reason is asked); invite: only
 * with an invite link; closed: nobody (an invite link still works, as in every mode).
 */
export const RegistrationsMode = Type.Union([
  Type.Literal('open'),
  Type.Literal('approval'),
  Type.Literal('invite'),
  Type.Literal('closed'),
]);
export type RegistrationsMode = Static<typeof RegistrationsMode>;

export const InstanceLimits = {
  titleMax: 100,
  descriptionMax: 2000,
  registrationsMessageMax: 1000,
  ruleTextMax: 500,
  ruleHintMax: 1000,
  /** What a person tells the moderators when sign-ups need approval. */
  signupReasonMax: 1000,
  inviteMaxUses: 1000,
  /** The longest an invite link may stay valid: a year. */
  inviteExpiresInSecondsMax: 365 * 24 * 60 * 60,
} as const;

export const InstanceRule = Type.Object({ id: Type.String(), text: Type.String(), hint: Type.String() });
export type InstanceRule = Static<typeof InstanceRule>;

/** `GET /api/instance` (no sign-in): the About page. */
export const InstanceInfo = Type.Object({
  title: Type.String(),
  description: Type.String(),
  /** Empty when none is set. */
  contactEmail: Type.String(),
  owner: Type.Union([UserSummary, Type.Null()]),
  /** The admins and moderators (the owner apart), highest role first. */
  moderators: Type.Array(Type.Object({ ...UserSummary.properties, role: Role })),
  rules: Type.Array(InstanceRule),
  registrations: Type.Object({ mode: RegistrationsMode, message: Type.String() }),
  /** What an upload may be (POST /api/media). */
  media: MediaConfiguration,
});
export type InstanceInfo = Static<typeof InstanceInfo>;
export const InstanceReply = Type.Object({ instance: InstanceInfo });
export type InstanceReply = Static<typeof InstanceReply>;

/**
 * `POST /api/auth/signup` in approval mode: no account to sign in to until a moderator approves; or,
 * where the instance requires it, until the address is confirmed by the link mailed to it (`waitingFor`).
 */
export const SignupPendingReply = Type.Object({
  pending: Type.Literal(true),
  message: Type.String(),
  waitingFor: Type.Union([Type.Literal('approval'), Type.Literal('email')]),
});
export type SignupPendingReply = Static<typeof SignupPendingReply>;

/** `GET|PUT /api/admin/settings`; a PUT changes the fields it sends. */
export const InstanceSettings = Type.Object({
  title: Type.String(),
  description: Type.String(),
  contactEmail: Type.String(),
  registrationsMode: RegistrationsMode,
  /** Shown on the sign-up page (why sign-ups are closed, what to write as a reason). */
  registrationsMessage: Type.String(),
  /** Whether new accounts confirm their address by email (docs/decisions/100). */
  emailConfirmation: EmailConfirmation,
});
export type InstanceSettings = Static<typeof InstanceSettings>;
export const InstanceSettingsBody = Type.Partial(InstanceSettings);
export type InstanceSettingsBody = Static<typeof InstanceSettingsBody>;
export const InstanceSettingsReply = Type.Object({ settings: InstanceSettings });
export type InstanceSettingsReply = Static<typeof InstanceSettingsReply>;

/** `GET|POST /api/admin/rules`, `PUT|DELETE /api/admin/rules/:id`, in the order they are shown. */
export const RuleBody = Type.Object({ text: Type.String(), hint: Type.Optional(Type.String()) });
export type RuleBody = Static<typeof RuleBody>;
export const RulesReply = Type.Object({ rules: Type.Array(InstanceRule) });
export type RulesReply = Static<typeof RulesReply>;
export const RuleReply = Type.Object({ rule: InstanceRule });
export type RuleReply = Static<typeof RuleReply>;

/** `GET|POST /api/admin/invites`, `DELETE /api/admin/invites/:id` (revokes it; it stays listed). */
export const Invite = Type.Object({
  id: Type.String(),
  code: Type.String(),
  /** The sign-up page with the code filled in, to share. */
  url: Type.String(),
  /** Null: no limit. */
  maxUses: Type.Union([Type.Integer(), Type.Null()]),
  uses: Type.Integer(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type Invite = Static<typeof Invite>;
/** Left out or null: no limit, never expires. */
export const InviteBody = Type.Object({
  maxUses: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: InstanceLimits.inviteMaxUses }), Type.Null()]),
  ),
  expiresInSeconds: Type.Optional(
    Type.Union([
      Type.Integer({ minimum: 60, maximum: InstanceLimits.inviteExpiresInSecondsMax }),
      Type.Null(),
    ]),
  ),
});
export type InviteBody = Static<typeof InviteBody>;
export const InvitesReply = Type.Object({ invites: Type.Array(Invite) });
export type InvitesReply = Static<typeof InvitesReply>;
export const InviteReply = Type.Object({ invite: Invite });
export type InviteReply = Static<typeof InviteReply>;

/** `GET|POST /api/admin/email-domain-blocks`, `DELETE /api/admin/email-domain-blocks/:domain`. */
export const EmailDomainBlock = Type.Object({ domain: Type.String(), createdAt: Type.String() });
export type EmailDomainBlock = Static<typeof EmailDomainBlock>;
/** Sign-ups with an email address at this domain or under it (`mail.example.com` for `example.com`) are refused. */
export const EmailDomainBlockBody = Type.Object({ domain: Type.String() });
export type EmailDomainBlockBody = Static<typeof EmailDomainBlockBody>;
export const EmailDomainParams = Type.Object({ domain: Type.String() });
export const EmailDomainBlocksReply = Type.Object({ blocks: Type.Array(EmailDomainBlock) });
export type EmailDomainBlocksReply = Static<typeof EmailDomainBlocksReply>;
export const EmailDomainBlockReply = Type.Object({ block: EmailDomainBlock });
export type EmailDomainBlockReply = Static<typeof EmailDomainBlockReply>;

/** `PUT /api/admin/accounts/:username/role`: a role below one's own, to someone below one's own. */
export const RoleBody = Type.Object({ role: Role });
export type RoleBody = Static<typeof RoleBody>;
export const RoleReply = Type.Object({
  account: Type.Object({ username: Type.String(), role: Role, permissions: Type.Array(Permission) }),
});
export type RoleReply = Static<typeof RoleReply>;

/** `POST /api/admin/accounts/:username/approve`: the account can sign in. Reject deletes it. */
export const RegistrationReply = Type.Object({
  account: Type.Object({ username: Type.String(), approved: Type.Boolean() }),
});
export type RegistrationReply = Static<typeof RegistrationReply>;

// ---- reports: POST|GET /api/reports; the moderators' queue: /api/admin/reports ----

export const ReportLimits = {
  commentMax: 1000,
  /** Posts and comments together. */
  itemsMax: 20,
} as const;

/** `violation`: breaks the instance's rules, which the report names (`ruleIds`). */
export const ReportCategory = Type.Union([
  Type.Literal('spam'),
  Type.Literal('legal'),
  Type.Literal('violation'),
  Type.Literal('other'),
]);
export type ReportCategory = Static<typeof ReportCategory>;

/**
 * `POST /api/reports`: reports `username`'s account, with the posts and comments of theirs at issue.
 * `ruleIds` only with `violation` (at least one then), each a current rule of `GET /api/instance`.
 */
export const ReportBody = Type.Object({
  username: Type.String(),
  postIds: Type.Optional(Type.Array(Type.String())),
  commentIds: Type.Optional(Type.Array(Type.String())),
  category: ReportCategory,
  ruleIds: Type.Optional(Type.Array(Type.String())),
  comment: Type.Optional(Type.String()),
});
export type ReportBody = Static<typeof ReportBody>;

/**
 * A reported post or comment as it was when reported: its text is a copy, so an edit or a deletion
 * since cannot hide it. `commentId` null: the post itself.
 */
export const ReportedItem = Type.Object({
  postId: Type.String(),
  commentId: Type.Union([Type.String(), Type.Null()]),
  content: Type.String(),
  postedAt: Type.String(),
});
export type ReportedItem = Static<typeof ReportedItem>;

/**
 * Additive (issue 44): a reported post or comment as moderators see it, with its images as they were
 * when reported (their alt text and sizes then). While the report is open they stay, even when the
 * author deletes the post or the image; their `url` and `previewUrl` are
 * `/api/admin/reports/:id/media/:mediaId` and `…/preview`, which only staff who handle reports may
 * fetch (with their token, as any request). Once the report is resolved, images nothing else shows
 * are deleted and leave this list.
 */
export const AdminReportedItem = Type.Object({
  ...ReportedItem.properties,
  media: Type.Array(MediaAttachment),
});
export type AdminReportedItem = Static<typeof AdminReportedItem>;
/** Additive (issue 44): `GET /api/admin/reports/:id/media/:mediaId[/preview]`, a kept image's file. */
export const ReportMediaParams = Type.Object({ id: Type.String(), mediaId: Type.String() });
export type ReportMediaParams = Static<typeof ReportMediaParams>;

/** A rule a report cites, with its text (a rule retired since stays readable here). */
export const CitedRule = Type.Object({ id: Type.String(), text: Type.String() });
export type CitedRule = Static<typeof CitedRule>;

export const ReportState = Type.Union([Type.Literal('open'), Type.Literal('resolved')]);
export type ReportState = Static<typeof ReportState>;

const reportFields = {
  id: Type.String(),
  category: ReportCategory,
  comment: Type.String(),
  rules: Type.Array(CitedRule),
  items: Type.Array(ReportedItem),
  state: ReportState,
  createdAt: Type.String(),
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
};

/** A report as the person who filed it sees it: `POST /api/reports`, `GET /api/reports`. */
export const Report = Type.Object({ ...reportFields, target: UserSummary });
export type Report = Static<typeof Report>;
export const ReportReply = Type.Object({ report: Report });
export type ReportReply = Static<typeof ReportReply>;
/** `GET /api/reports?limit&cursor`: the person's own reports, the latest first. */
export const ReportsReply = Type.Object({
  reports: Type.Array(Report),
  nextCursor: NextCursor,
});
export type ReportsReply = Static<typeof ReportsReply>;

/** The reported account as moderators see it beside a report: who, since when, under which action. */
export const ReportedAccount = Type.Object({
  ...UserSummary.properties,
  createdAt: Type.String(),
  suspendedAt: Type.Union([Type.String(), Type.Null()]),
  limitedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ReportedAccount = Static<typeof ReportedAccount>;

/**
 * A report in the moderators' queue. `reporter` is null when their account is gone; `assignedTo` is the
 * moderator handling it; `targetOtherReports` counts the other reports about the same account.
 */
export const AdminReport = Type.Object({
  ...reportFields,
  items: Type.Array(AdminReportedItem),
  updatedAt: Type.String(),
  reporter: Type.Union([UserSummary, Type.Null()]),
  target: ReportedAccount,
  assignedTo: Type.Union([UserSummary, Type.Null()]),
  resolvedBy: Type.Union([UserSummary, Type.Null()]),
  targetOtherReports: Type.Integer(),
});
export type AdminReport = Static<typeof AdminReport>;
/** `GET /api/admin/reports?resolved=false|true&limit&cursor`: open (or resolved) reports, the latest first. */
export const AdminReportsReply = Type.Object({
  reports: Type.Array(AdminReport),
  nextCursor: NextCursor,
});
export type AdminReportsReply = Static<typeof AdminReportsReply>;
/** Additive (issue 44): `GET /api/admin/reports/open-count`: how many reports are open (not resolved). */
export const OpenReportCountReply = Type.Object({ count: Type.Integer() });
export type OpenReportCountReply = Static<typeof OpenReportCountReply>;
/** `GET /api/admin/reports/:id` and the answer of `POST …/:id/assign|unassign|resolve|reopen`. */
export const AdminReportReply = Type.Object({ report: AdminReport });
export type AdminReportReply = Static<typeof AdminReportReply>;
/** `POST /api/admin/reports/:id/resolve`: `note`, why (kept in the audit log, not shown to the reporter). */
export const ResolveReportBody = Type.Object({ note: Type.Optional(Type.String()) });
export type ResolveReportBody = Static<typeof ResolveReportBody>;

/**
 * What a `report_resolved` notification is about: the reporter's report, now resolved. It has no
 * actors: the server tells the reporter, naming no moderator (as Mastodon's email does not).
 */
export const ResolvedReportNotice = Type.Object({
  id: Type.String(),
  category: ReportCategory,
  target: UserSummary,
  createdAt: Type.String(),
  resolvedAt: Type.String(),
});
export type ResolvedReportNotice = Static<typeof ResolvedReportNotice>;

/**
 * Additive (issue 44): what a `new_report` notification is about: a report filed, told to the staff who
 * handle reports (it has no actors). `resolved` says whether it is still open in the queue.
 */
export const NewReportNotice = Type.Object({
  id: Type.String(),
  category: ReportCategory,
  target: UserSummary,
  createdAt: Type.String(),
  resolved: Type.Boolean(),
});
export type NewReportNotice = Static<typeof NewReportNotice>;

// ---- moderation of accounts and content: /api/admin/accounts, /api/admin/accounts/:username/actions,
// DELETE /api/admin/posts/:postId[/comments/:commentId], GET /api/admin/audit-log ----

export const ModerationLimits = {
  /** What a moderator writes to the person (a warning, why they are limited or suspended). */
  textMax: 2000,
  /** A deletion's reason, kept in the audit log. */
  reasonMax: 2000,
  /** The longest a timed limit or suspension may last: ten years (longer is "until lifted"). */
  durationSecondsMax: 10 * 365 * 24 * 60 * 60,
  /** A search of the accounts list: the start of a username, a name or an email address. */
  queryMax: 100,
} as const;

/** Which accounts the moderators' list shows; every one when left out. */
export const AccountStatus = Type.Union([
  /** Neither suspended nor waiting for approval (limited ones included). */
  Type.Literal('active'),
  Type.Literal('pending'),
  Type.Literal('suspended'),
  Type.Literal('limited'),
  /** Owners, admins and moderators. */
  Type.Literal('staff'),
]);
export type AccountStatus = Static<typeof AccountStatus>;

/** `GET /api/admin/accounts?status&query&limit&cursor`: the newest sign-ups first. */
export const AdminAccountsQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(AccountStatus),
  query: Type.Optional(Type.String({ maxLength: ModerationLimits.queryMax })),
});
export type AdminAccountsQuery = Static<typeof AdminAccountsQuery>;

/** A suspension or a limit in force: since when, and when it ends by itself (null: until lifted). */
export const AccountRestriction = Type.Object({
  since: Type.String(),
  endsAt: Type.Union([Type.String(), Type.Null()]),
});
export type AccountRestriction = Static<typeof AccountRestriction>;

/**
 * An account as moderators see it. `suspension` and `limit` are null when none is in force now (a timed
 * one past its end is over); `pending` is set while the sign-up waits for approval, with its reason.
 */
export const AdminAccount = Type.Object({
  ...UserSummary.properties,
  email: Type.String(),
  role: Role,
  createdAt: Type.String(),
  suspension: Type.Union([AccountRestriction, Type.Null()]),
  limit: Type.Union([AccountRestriction, Type.Null()]),
  pending: Type.Union([Type.Object({ since: Type.String(), reason: Type.String() }), Type.Null()]),
});
export type AdminAccount = Static<typeof AdminAccount>;
export const AdminAccountsReply = Type.Object({
  accounts: Type.Array(AdminAccount),
  nextCursor: NextCursor,
});
export type AdminAccountsReply = Static<typeof AdminAccountsReply>;

export const ModerationActionType = Type.Union([
  Type.Literal('warn'),
  Type.Literal('limit'),
  Type.Literal('unlimit'),
  Type.Literal('suspend'),
  Type.Literal('unsuspend'),
  Type.Literal('approve'),
  Type.Literal('reject'),
  Type.Literal('delete_post'),
  Type.Literal('delete_comment'),
]);
export type ModerationActionType = Static<typeof ModerationActionType>;

/** One entry of an account's moderation history. `moderator` is null once their account is gone. */
export const ModerationAction = Type.Object({
  id: Type.String(),
  type: ModerationActionType,
  /** What the person was told (a warning, why), or a deletion's reason. */
  text: Type.String(),
  moderator: Type.Union([UserSummary, Type.Null()]),
  reportId: Type.Union([Type.String(), Type.Null()]),
  /** When a timed limit or suspension ends by itself. */
  endsAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type ModerationAction = Static<typeof ModerationAction>;

/**
 * `GET /api/admin/accounts/:username`: the account, its latest moderation actions (newest first, up to
 * 100) and the latest reports about it (up to 100), as the moderators' queue shows them.
 */
export const AdminAccountReply = Type.Object({
  account: AdminAccount,
  actions: Type.Array(ModerationAction),
  reports: Type.Array(AdminReport),
});
export type AdminAccountReply = Static<typeof AdminAccountReply>;

/**
 * `POST /api/admin/accounts/:username/actions`. `text`: what the person is told (required for `warn`).
 * `durationSeconds` (limit, suspend only): the action ends by itself after it; null, 0 or left out:
 * until lifted (a suspension until lifted is purged 30 days on). `reportId`: the report it answers.
 */
export const AccountActionBody = Type.Object({
  type: Type.Union([
    Type.Literal('warn'),
    Type.Literal('limit'),
    Type.Literal('unlimit'),
    Type.Literal('suspend'),
    Type.Literal('unsuspend'),
  ]),
  text: Type.Optional(Type.String()),
  durationSeconds: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: ModerationLimits.durationSecondsMax }), Type.Null()]),
  ),
  reportId: Type.Optional(Type.String()),
});
export type AccountActionBody = Static<typeof AccountActionBody>;
/** The answer of an action: the account as it now is, and the action recorded. */
export const AccountActionReply = Type.Object({ account: AdminAccount, action: ModerationAction });
export type AccountActionReply = Static<typeof AccountActionReply>;

/** `DELETE /api/admin/posts/:postId[/comments/:commentId]`: `reason` goes to the audit log. */
export const ContentDeletionBody = Type.Object({
  reason: Type.Optional(Type.String()),
  reportId: Type.Optional(Type.String()),
});
export type ContentDeletionBody = Static<typeof ContentDeletionBody>;

/**
 * `GET /api/admin/audit-log?limit&cursor`: who did what to whom, when and why, the latest first. An
 * entry's actor is whoever acted, by the name they had; "command line" or "scheduled job" when it was
 * the server (a role granted from its command line, a timed suspension that ended, an account purged).
 */
export const AuditEntry = Type.Object({
  id: Type.String(),
  actor: Type.Object({ username: Type.String() }),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  targetLabel: Type.String(),
  reason: Type.String(),
  createdAt: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditLogReply = Type.Object({
  entries: Type.Array(AuditEntry),
  nextCursor: NextCursor,
});
export type AuditLogReply = Static<typeof AuditLogReply>;

/**
 * What a `moderation_warning` notification tells: a moderator's warning, limit or suspension of the
 * person, with its text. The moderator is not named (the notification has no actors).
 */
export const ModerationWarningNotice = Type.Object({
  id: Type.String(),
  action: Type.Union([Type.Literal('warn'), Type.Literal('limit'), Type.Literal('suspend')]),
  text: Type.String(),
  endsAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type ModerationWarningNotice = Static<typeof ModerationWarningNotice>;
