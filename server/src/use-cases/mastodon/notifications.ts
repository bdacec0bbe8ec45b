import type { Deps } from '../shared/deps.js';
import * as notifications from '../../data/notifications.repo.js';
import type { TimeWindow } from '../../platform/db/keyset.js';
import type { AccountRecord } from '../../read/hydration/hydrator.js';
import {
  countShownUnread,
  hydrateNotificationStatuses,
  shownActors,
  shownNotifications,
  type NotificationStatuses,
} from '../../read/hydration/notifications.js';
import { filledWindow } from '../shared/window-pages.js';
import { keyOfNotificationId, kindsSelected } from '../../read/views/mastodon/notifications.js';
import { recordNotFound } from '../../platform/http/errors.js';

/*
 * The Mastodon API's notifications (docs/decisions/070; the mapping is in read/views/mastodon/notifications.ts):
 * the same groups, read by windows of the time of their latest cause.
 */

/** Which notifications a Mastodon app lists or counts: `types[]`, `exclude_types[]`, `account_id`. */
export interface NotificationQuery {
  types: readonly string[];
  excludedTypes: readonly string[];
  accountId: string | undefined;
}

const filterOf = (query: NotificationQuery): notifications.NotificationFilter => ({
  kinds: kindsSelected(query.types, query.excludedTypes),
  actorId: query.accountId,
});

/**
 * `GET /api/v1/notifications` and `/api/v2/notifications`: a window of the viewer's notifications
 * (newest cause first) with `sampleSize` of the newest actors of each. With `account_id`, that person
 * is each one's first actor. A window that loses notifications to the viewer's rules is refilled
 * (window-pages.ts); `readUpTo` is then the key of the last one read, where its `Link` continues.
 */
export async function notificationWindow(
  deps: Deps,
  input: { viewerId: string; window: TimeWindow; query: NotificationQuery; sampleSize: number },
): Promise<NotificationStatuses & { readUpTo?: [string, string] | undefined }> {
  const { window } = input;
  const rules = await deps.hydrator.rules(input.viewerId);
  const filter = rules.notificationFilter(filterOf(input.query));
  const { rows, readUpTo } = await filledWindow(
    window,
    (reading) => notifications.notificationWindow(deps.db, input.viewerId, reading, filter),
    (row) => [row.latest_at, row.id],
    (rows) => shownNotifications(deps, input.viewerId, rows),
  );
  const records = window.oldestFirst ? rows.reverse() : rows;
  const hydrated = await hydrateNotificationStatuses(deps, input.viewerId, records, {
    size: input.sampleSize,
    firstActorId: filter.actorId,
  });
  return { ...hydrated, readUpTo };
}

/** A group of the viewer's by its id (Mastodon's group key), or 404. */
async function requireGroup(deps: Deps, viewerId: string, groupId: string) {
  const record = await notifications.notificationOf(deps.db, viewerId, groupId);
  if (!record) throw recordNotFound();
  return record;
}

/** A notification id's group: its id's second half (any other string names nothing: 404). */
function groupOfNotificationId(id: string): string {
  const key = keyOfNotificationId(id);
  if (!key) throw recordNotFound();
  return key[1];
}

/**
 * `GET /api/v1/notifications/:id` and `/api/v2/notifications/:group_key`: one of the viewer's, as it
 * is now (an older id of a group that has grown since finds it too).
 */
export async function getNotification(
  deps: Deps,
  input: { viewerId: string; id: string; by: 'notification id' | 'group key'; sampleSize: number },
): Promise<NotificationStatuses> {
  const groupId = input.by === 'group key' ? input.id : groupOfNotificationId(input.id);
  const record = await requireGroup(deps, input.viewerId, groupId);
  return hydrateNotificationStatuses(deps, input.viewerId, [record], { size: input.sampleSize });
}

/** `GET /api/v2/notifications/:group_key/accounts`: the group's actors, newest first, up to `limit`. */
export async function groupAccounts(
  deps: Deps,
  input: { viewerId: string; groupKey: string; limit: number },
): Promise<AccountRecord[]> {
  const record = await requireGroup(deps, input.viewerId, input.groupKey);
  const rules = await deps.hydrator.rules(input.viewerId);
  const actors = await notifications.newestActors(
    deps.db,
    deps.dialect,
    [record.id],
    input.limit,
    shownActors(rules),
  );
  const accounts = await deps.hydrator.accounts(actors.map((actor) => actor.actor_id));
  return actors.flatMap((actor) => accounts.get(actor.actor_id) ?? []);
}

/**
 * `POST /api/v1/notifications/:id/dismiss` and `/api/v2/notifications/:group_key/dismiss`: the whole
 * group goes (v1 shows a group as one notification); a later cause starts a new one.
 */
export async function dismissNotification(
  deps: Deps,
  input: { viewerId: string; id: string; by: 'notification id' | 'group key' },
): Promise<void> {
  const groupId = input.by === 'group key' ? input.id : groupOfNotificationId(input.id);
  if (!(await notifications.dismissNotification(deps.db, input.viewerId, groupId))) throw recordNotFound();
}

/** `POST /api/v1/notifications/clear` */
export async function clearNotifications(deps: Deps, input: { viewerId: string }): Promise<void> {
  await notifications.clearNotifications(deps.db, input.viewerId);
}

/**
 * `GET /api/v1/notifications/unread_count` and v2's: the groups with a cause since Sync's read marker
 * (`POST /api/notifications/read`, or an app's `notifications` marker: notification-reads.ts)
 * that the viewer is shown, counted up to `cap`.
 */
export async function countUnreadUpTo(
  deps: Deps,
  input: { viewerId: string; query: NotificationQuery; cap: number },
): Promise<number> {
  return countShownUnread(deps, input.viewerId, { filter: filterOf(input.query), cap: input.cap });
}
