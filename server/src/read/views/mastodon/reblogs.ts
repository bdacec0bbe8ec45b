import type { RepostRow } from '../../../data/reposts.repo.js';
import type { Account, Status } from '@sync/contract/mastodon';
import type { Uris } from '../../../platform/uris/uris.js';
import { bareStatus } from './bare-status.js';

/**
 * A repost as Mastodon's reblog (docs/decisions/092): a status of its own, whose id is the repost's,
 * whose account is the reposter's and whose `reblog` is the post's status. It has no text, images or
 * counts of its own; the viewer's own fields are the post's (an app acts on the reblogged status).
 */
export function reblogWrapper(repost: RepostRow, account: Account, urls: Uris, reblogged: Status): Status {
  const url = urls.repost(repost.post_id, repost.id);
  const { filtered, favourited, reblogged: ownRepost, muted, bookmarked, pinned } = reblogged;
  return {
    ...bareStatus({ id: repost.id, createdAt: repost.created_at, url, account }),
    reblog: reblogged,
    ...(favourited !== undefined && {
      filtered,
      favourited,
      reblogged: ownRepost,
      muted,
      bookmarked,
      pinned,
    }),
  };
}
