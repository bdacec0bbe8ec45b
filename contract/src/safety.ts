/**
 * The Sync API's safety routes (issue 26): blocks, mutes, keyword filters, reports, the instance's
 * public page and the moderators' tools. Each part's schemas are a block of their own.
 */
import { Type, type Static } from 'typebox';
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

export const FilterIdParams = Type.Object({ id: Type.String() });
export const FiltersReply = Type.Object({ filters: Type.Array(Filter) });
export type FiltersReply = Static<typeof FiltersReply>;
export const FilterReply = Type.Object({ filter: Filter });
export type FilterReply = Static<typeof FilterReply>;
export const FilterDeletedReply = Type.Object({ deleted: Type.String() });
export type FilterDeletedReply = Static<typeof FilterDeletedReply>;

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
  nextCursor: Type.Union([Type.String(), Type.Null()]),
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
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type AdminReportsReply = Static<typeof AdminReportsReply>;
/** `GET /api/admin/reports/:id` and the answer of `POST …/:id/assign|unassign|resolve|reopen`. */
export const AdminReportReply = Type.Object({ report: AdminReport });
export type AdminReportReply = Static<typeof AdminReportReply>;
export const ReportIdParams = Type.Object({ id: Type.String() });
/** `POST /api/admin/reports/:id/resolve`: `note`, why (kept in the audit log, not shown to the reporter). */
export const ResolveReportBody = Type.Object({ note: Type.Optional(Type.String()) });
export type ResolveReportBody = Static<typeof ResolveReportBody>;

/**
 * What a `report_resolved` notification is about: the reporter's report, now resolved. Who resolved it
 * is the notification's actor.
 */
export const ResolvedReportNotice = Type.Object({
  id: Type.String(),
  category: ReportCategory,
  target: UserSummary,
  createdAt: Type.String(),
  resolvedAt: Type.String(),
});
export type ResolvedReportNotice = Static<typeof ResolvedReportNotice>;
