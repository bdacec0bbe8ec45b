import { Type, type Static } from 'typebox';
import { Account, Role } from './accounts.js';
import { AlwaysEmpty, Entity, Nullable } from './entity.js';
import { Rule } from './instance.js';
import { ReportCategory } from '../safety.js';
import { Status } from './statuses.js';

/** What a report is, as its reporter and moderators are both shown it (Mastodon's categories are Sync's). */
const reportFields = {
  id: Type.String(),
  action_taken: Type.Boolean(),
  action_taken_at: Nullable(Type.String()),
  category: ReportCategory,
  comment: Type.String(),
  /** Every account is local: nothing is forwarded. */
  forwarded: Type.Literal(false),
  created_at: Type.String(),
};

/** https://docs.joinmastodon.org/entities/Report/ — a report as the person who filed it is answered (`POST /api/v1/reports`). */
export const Report = Entity({
  ...reportFields,
  status_ids: Nullable(Type.Array(Type.String())),
  rule_ids: Nullable(Type.Array(Type.String())),
  target_account: Account,
});
export type Report = Static<typeof Report>;

/** https://docs.joinmastodon.org/entities/Admin_Account/ — an account as the admin API shows it to moderators. */
export const AdminAccount = Entity({
  id: Type.String(),
  username: Type.String(),
  domain: Type.Null(),
  created_at: Type.String(),
  email: Type.String(),
  ip: Type.Null(),
  ips: AlwaysEmpty,
  /** The language Sync writes to the person in. */
  locale: Type.String(),
  /** Why the person asked to join, when sign-ups needed approval. */
  invite_request: Nullable(Type.String()),
  role: Role,
  confirmed: Type.Boolean(),
  approved: Type.Boolean(),
  disabled: Type.Boolean(),
  silenced: Type.Boolean(),
  suspended: Type.Boolean(),
  /** Sync has no account-wide sensitive mark (a post's images are marked by their author): never. */
  sensitized: Type.Literal(false),
  account: Account,
});
export type AdminAccount = Static<typeof AdminAccount>;

/** https://docs.joinmastodon.org/entities/Admin_Report/ — a report in the admin API (`/api/v1/admin/reports`). */
export const AdminReport = Entity({
  ...reportFields,
  updated_at: Type.String(),
  account: Nullable(AdminAccount),
  target_account: AdminAccount,
  assigned_account: Nullable(AdminAccount),
  action_taken_by_account: Nullable(AdminAccount),
  /** The reported posts and comments as they were when reported (their text is the report's copy). */
  statuses: Type.Array(Status),
  rules: Type.Array(Rule),
});
export type AdminReport = Static<typeof AdminReport>;
