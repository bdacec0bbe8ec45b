import type { RepostRow } from '../../../data/reposts.repo.js';
import type { Account, Status } from './entities.js';
import type { Urls } from './urls.js';

/**
 * A repost as Mastodon's reblog (docs/decisions/092): a status of its own, whose id is the repost's,
 * whose account is the reposter's and whose `reblog` is the post's status. It has no text, images or
 * counts of its own; the viewer's own fields are the post's (an app acts on the reblogged status).
 */
export function reblogWrapper(repost: RepostRow, account: Account, urls: Urls, reblogged: Status): Status {
  const url = `${urls.post(repost.post_id)}?repost=${repost.id}`;
  const { filtered, favourited, reblogged: ownRepost, muted, bookmarked, pinned } = reblogged;
  return {
    id: repost.id,
    created_at: repost.created_at,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: null,
    uri: url,
    url,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    quotes_count: 0,
    edited_at: null,
    content: '',
    reblog: reblogged,
    application: null,
    account,
    media_attachments: [],
    mentions: [],
    tags: [],
    emojis: [],
    card: null,
    poll: null,
    quote: null,
    quote_approval: { automatic: [], manual: [], current_user: 'denied' },
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
