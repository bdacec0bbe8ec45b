import type { ModerationActionRecord } from '../../../data/moderation.repo.js';
import type { NotificationRecord } from '../../../data/notifications.repo.js';
import type { NotificationKind } from '../../../data/schema.js';
import type { NotificationStatuses } from '../../hydration/notifications.js';
import { accountView } from './accounts.js';
import type {
  Account,
  AccountWarning,
  GroupedNotificationsResults,
  Notification,
  NotificationGroup,
  NotificationType,
  Report,
  Status,
} from '@sync/contract/mastodon';
import { reportView } from './reports.js';
import type { AccountRecord } from '../../hydration/accounts.js';
import type { HydratedReports } from '../../hydration/reports.js';
import { statusViews } from './statuses.js';
import type { Uris } from '../../../platform/uris/uris.js';

/**
 * Sync's notifications as Mastodon's (docs/decisions/070). A Sync notification is a group of causes
 * (the likes of a post, the upvotes of a comment, the new followers); Mastodon's v1 list has one
 * notification per cause, its v2 list groups them. Both show one entry per Sync group: v1 with the
 * newest actor as its `account` (the older actors of the group are folded into it; v2 lists them in
 * `sample_account_ids`), v2 with the count of causes.
 *
 * | Sync                        | Mastodon    | status                        |
 * | --------------------------- | ----------- | ----------------------------- |
 * | like of a post              | `favourite` | the post                      |
 * | upvote of a comment         | `favourite` | the comment, as a reply       |
 * | comment on a post           | `mention`   | the comment (a reply to you)  |
 * | mention in a post / comment | `mention`   | the post / the comment        |
 * | follow                      | `follow`    | none                          |
 * | edit of a post one liked, commented, reposted or bookmarked | `update` | the post  |
 * | edit of a post one quoted   | `quoted_update` | one's quoting post        |
 * | report filed (to staff)     | `admin.report` | none; `report`, the reporter its account |
 *
 * A comment is a `mention` because Mastodon has no "reply" type: a reply always mentions the person it
 * answers, so apps show replies to you under mentions.
 */

/**
 * The kinds Mastodon apps are shown. Not `report_resolved`: Mastodon has no such notification (it tells
 * a reporter by email), so its lists, counts and streams leave it out.
 */
type MastodonKind = Exclude<NotificationKind, 'report_resolved'>;

export const notificationTypeOf: Record<MastodonKind, NotificationType> = {
  like: 'favourite',
  upvote: 'favourite',
  comment: 'mention',
  mention: 'mention',
  follow: 'follow',
  moderation_warning: 'moderation_warning',
  repost: 'reblog',
  quote: 'quote',
  update: 'update',
  quoted_update: 'quoted_update',
  new_report: 'admin.report',
};

const isShown = (kind: string): kind is MastodonKind => kind in notificationTypeOf;
const kinds = Object.keys(notificationTypeOf).filter(isShown);

/**
 * The Sync kinds Mastodon's `types[]` and `exclude_types[]` select (a type Sync has no notifications
 * of selects none); every kind Mastodon apps are shown when neither is given.
 */
export function kindsSelected(types: readonly string[], excludedTypes: readonly string[]): MastodonKind[] {
  if (types.length === 0 && excludedTypes.length === 0) return kinds;
  return kinds.filter((kind) => {
    const type = notificationTypeOf[kind];
    return (types.length === 0 || types.includes(type)) && !excludedTypes.includes(type);
  });
}

/**
 * A notification's id: the time of its latest cause (milliseconds, 12 hex digits) and its group's id,
 * `0196f0c1a2b3-<group id>`. Sync's order (latest cause first) is the order of these ids as Mastodon
 * apps compare ids (all are 49 characters, then lexical), so `max_id`, `since_id` and `min_id` are
 * keyset bounds, and a reading marker at an id means "read up to that time", as Sync's own marker
 * does. A group that grows gets a new, greater id, as a new notification does on Mastodon; the old
 * id still finds the group.
 */
export function notificationIdOf(record: Pick<NotificationRecord, 'id' | 'latest_at'>): string {
  return `${new Date(record.latest_at).getTime().toString(16).padStart(12, '0')}-${record.id}`;
}

const notificationId =
  /^([0-9a-f]{12})-([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})$/;

/** The keyset key ([latest_at, group id]) a notification id carries; undefined for any other string. */
export function keyOfNotificationId(id: string): [string, string] | undefined {
  const match = notificationId.exec(id);
  if (!match) return undefined;
  return [new Date(parseInt(match[1]!, 16)).toISOString(), match[2]!];
}

/** The status a notification is about: the comment when there is one, else the post. */
const statusIdOf = (record: NotificationRecord) => record.comment_id ?? record.post_id;

interface Entry {
  record: NotificationRecord;
  type: NotificationType;
  /** The actors still there, newest first: at least one (a warning's: the person warned). */
  accounts: Account[];
  status: Status | undefined;
  warning: AccountWarning | undefined;
  report: Report | undefined;
}

/** Sync's moderation actions as Mastodon's AccountWarning actions: a warning, a silence, a suspension. */
const warningActions = { warn: 'none', limit: 'silence', suspend: 'suspend' } as const;

/**
 * What a `moderation_warning` tells, as Mastodon's AccountWarning: about the person themselves (the
 * notification's account too, as on Mastodon: the moderator is not named); undefined for an action of
 * another kind.
 */
function accountWarningView(action: ModerationActionRecord, account: Account): AccountWarning | undefined {
  if (action.type !== 'warn' && action.type !== 'limit' && action.type !== 'suspend') return undefined;
  return {
    id: action.id,
    action: warningActions[action.type],
    text: action.text,
    status_ids: [],
    target_account: account,
    appeal: null,
    created_at: action.created_at,
  };
}

/**
 * What an `admin.report` tells: the report as Mastodon's Report entity, and its reporter (the
 * notification's account, as on Mastodon); undefined when the report or its reporter is gone.
 */
function reportTold(
  hydrated: HydratedReports<AccountRecord>,
  reportId: string,
  urls: Uris,
): { report: Report; reporter: Account } | undefined {
  const record = hydrated.records.find((report) => report.id === reportId);
  if (!record?.reporter_id) return undefined;
  const reporter = hydrated.people.get(record.reporter_id);
  const report = reportView(hydrated, record, urls);
  return report && reporter ? { report, reporter: accountView(reporter, urls) } : undefined;
}

/**
 * The notifications that can be shown whole: one whose status or every actor is gone (deleted
 * meanwhile) is left out, as Sync's own list leaves it out; so is one of a kind Mastodon has not.
 */
function entriesOf(hydrated: NotificationStatuses, viewerId: string, urls: Uris): Entry[] {
  const statuses = new Map(
    statusViews(hydrated.statuses, viewerId, urls).map((status) => [status.id, status]),
  );
  const accounts = new Map<string, Account>();
  const accountOf = (id: string): Account[] => {
    let account = accounts.get(id);
    if (!account) {
      const record = hydrated.statuses.accounts.get(id);
      if (!record) return [];
      account = accountView(record, urls);
      accounts.set(id, account);
    }
    return [account];
  };
  return hydrated.records.flatMap((record): Entry[] => {
    if (!isShown(record.type)) return [];
    const type = notificationTypeOf[record.type];
    if (record.type === 'moderation_warning') {
      const action = hydrated.moderationActions.get(record.group_key);
      const [own] = accountOf(viewerId);
      const warning = action && own && accountWarningView(action, own);
      return warning && own
        ? [{ record, type, accounts: [own], status: undefined, warning, report: undefined }]
        : [];
    }
    if (record.type === 'new_report') {
      const told = reportTold(hydrated.reports, record.group_key, urls);
      return told
        ? [
            {
              record,
              type,
              accounts: [told.reporter],
              status: undefined,
              warning: undefined,
              report: told.report,
            },
          ]
        : [];
    }
    const shown = (hydrated.actors.get(record.id) ?? []).flatMap(accountOf);
    const statusId = statusIdOf(record);
    const status = statusId === null ? undefined : statuses.get(statusId);
    if (shown.length === 0 || (statusId !== null && !status)) return [];
    return [{ record, type, accounts: shown, status, warning: undefined, report: undefined }];
  });
}

/** `GET /api/v1/notifications` and the one notification of `/:id` or of a streaming event. */
export function notificationViews(
  hydrated: NotificationStatuses,
  viewerId: string,
  urls: Uris,
): Notification[] {
  return entriesOf(hydrated, viewerId, urls).map(({ record, type, accounts, status, warning, report }) => ({
    id: notificationIdOf(record),
    type,
    group_key: record.id,
    created_at: record.latest_at,
    account: accounts[0]!,
    ...(status && { status }),
    ...(warning && { moderation_warning: warning }),
    ...(report && { report }),
  }));
}

/**
 * `GET /api/v2/notifications` (`paged`: with the page's ids and times of each group) and
 * `/api/v2/notifications/:group_key`: each group once, its sample accounts and statuses beside them.
 */
export function groupedNotificationsView(
  hydrated: NotificationStatuses,
  viewerId: string,
  urls: Uris,
  { paged }: { paged: boolean },
): GroupedNotificationsResults {
  const entries = entriesOf(hydrated, viewerId, urls);
  const accounts = new Map(
    entries.flatMap((entry) => entry.accounts.map((account) => [account.id, account])),
  );
  const statuses = new Map(entries.flatMap(({ status }) => (status ? [[status.id, status]] : [])));
  return {
    accounts: [...accounts.values()],
    statuses: [...statuses.values()],
    notification_groups: entries.map(
      ({ record, type, accounts: sample, status, warning, report }): NotificationGroup => {
        // Each group is one notification as far as ids go: it is the page's newest and oldest of its group.
        const id = notificationIdOf(record);
        return {
          group_key: record.id,
          // A warning or a report told has no actors: it is one notification.
          notifications_count: warning || report ? 1 : record.actor_count,
          type,
          most_recent_notification_id: id,
          ...(paged
            ? { page_min_id: id, page_max_id: id, latest_page_notification_at: record.latest_at }
            : {}),
          sample_account_ids: sample.map((account) => account.id),
          ...(status && { status_id: status.id }),
          ...(warning && { moderation_warning: warning }),
          ...(report && { report }),
        };
      },
    ),
  };
}
