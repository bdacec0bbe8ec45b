import {
  notifyingTypes,
  type NotificationSettings,
  type NotificationSettingsBody,
  type NotificationSettingsReply,
} from '@sync/contract';
import * as settings from '../../data/notification-settings.repo.js';
import type { NotificationSettingsRecord } from '../../data/notification-settings.repo.js';
import type { Deps } from './deps.js';
import { commit } from './commit.js';

/**
 * `GET|PUT /account/notification-settings` (and a Mastodon app's notification policy): which kinds
 * notify the person and whether only people they follow do (docs/decisions/104). Stored, then applied
 * by the reads (read/rules: `notificationFilter`), told by `rules-changed` to read them again.
 */

const viewOf = (record: NotificationSettingsRecord): NotificationSettings => ({
  types: {
    like: !record.mutedTypes.has('like'),
    comment: !record.mutedTypes.has('comment'),
    mention: !record.mutedTypes.has('mention'),
    follow: !record.mutedTypes.has('follow'),
    upvote: !record.mutedTypes.has('upvote'),
    repost: !record.mutedTypes.has('repost'),
    quote: !record.mutedTypes.has('quote'),
    update: !record.mutedTypes.has('update'),
    quoted_update: !record.mutedTypes.has('quoted_update'),
    new_report: !record.mutedTypes.has('new_report'),
  },
  onlyFromFollowing: record.onlyFromFollowing,
});

export async function getNotificationSettings(
  deps: Deps,
  input: { viewerId: string },
): Promise<NotificationSettingsReply> {
  return { settings: viewOf(await settings.notificationSettingsOf(deps.db, input.viewerId)) };
}

/** Changes what the body names (the body's schema refuses unknown kinds); the settings as they are after. */
export async function changeNotificationSettings(
  deps: Deps,
  input: { viewerId: string; body: NotificationSettingsBody },
): Promise<NotificationSettingsReply> {
  const current = await settings.notificationSettingsOf(deps.db, input.viewerId);
  const muted = new Set(current.mutedTypes);
  for (const type of notifyingTypes) {
    const on = input.body.types?.[type];
    if (on === true) muted.delete(type);
    if (on === false) muted.add(type);
  }
  const changed: NotificationSettingsRecord = {
    mutedTypes: muted,
    onlyFromFollowing: input.body.onlyFromFollowing ?? current.onlyFromFollowing,
  };
  await commit(deps, async (trx, effects) => {
    await settings.saveNotificationSettings(trx, input.viewerId, changed, deps.clock.now().toISOString());
    await effects.rulesChanged([input.viewerId]);
  });
  return { settings: viewOf(changed) };
}
