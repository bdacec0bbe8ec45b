import type { Account, Status } from '@sync/contract/mastodon';

/**
 * The fields of a status that shows no post of ours as it is now (a reblog wrapper, a report's copy of
 * what was reported): public, no counts, no images, no quote, nothing the viewer did. Callers set what
 * they have (a report's copy, the images it keeps).
 */
export function bareStatus(fields: { id: string; createdAt: string; url: string; account: Account }): Status {
  return {
    id: fields.id,
    created_at: fields.createdAt,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: null,
    uri: fields.url,
    url: fields.url,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    quotes_count: 0,
    edited_at: null,
    content: '',
    reblog: null,
    account: fields.account,
    media_attachments: [],
    mentions: [],
    tags: [],
    emojis: [],
    card: null,
    poll: null,
    quote: null,
    // Nothing to quote: the status is not a post of its own.
    quote_approval: { automatic: [], manual: [], current_user: 'denied' },
  };
}
