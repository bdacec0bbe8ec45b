import { approvalPolicyOf } from './quotes.js';
import type { AccountRecord } from '../../hydration/hydrator.js';
import type {
  Account,
  AccountField,
  CredentialAccount,
  FamiliarFollowers,
  Suggestion,
} from '@sync/contract/mastodon';
import { escapeHtml } from '../escape-html.js';
import { textToHtml } from './html.js';
import { roleOf } from './roles.js';
import { defaultAvatar, defaultHeader, type Uris } from '../../../platform/uris/uris.js';

/** A day, as Mastodon gives `last_status_at`. */
const dayOf = (timestamp: string | null) => (timestamp ? timestamp.slice(0, 10) : null);

function fieldsOf(record: AccountRecord): AccountField[] {
  const { links, city } = record.user;
  const fields: AccountField[] = [];
  if (links) {
    const href = escapeHtml(links);
    const shown = escapeHtml(links.replace(/^https?:\/\//i, ''));
    fields.push({
      name: 'Website',
      value: `<a href="${href}" target="_blank" rel="nofollow noopener noreferrer me" translate="no">${shown}</a>`,
      verified_at: null,
    });
  }
  if (city) fields.push({ name: 'City', value: escapeHtml(city), verified_at: null });
  return fields;
}

export function accountView(record: AccountRecord, urls: Uris): Account {
  const { user } = record;
  const avatar = urls.file(user.avatar_url, defaultAvatar);
  const header = urls.file(user.header_url, defaultHeader);
  return {
    id: user.id,
    username: user.username,
    acct: user.username,
    display_name: `${user.first_name} ${user.last_name}`.trim(),
    locked: false,
    bot: false,
    discoverable: true,
    indexable: true,
    group: false,
    hide_collections: false,
    noindex: false,
    created_at: user.created_at,
    note: textToHtml(user.bio, { profileOf: () => undefined, tagUrl: urls.tag }),
    url: urls.profile(user.username),
    uri: urls.actor(user.username),
    avatar,
    avatar_static: avatar,
    header,
    header_static: header,
    followers_count: user.follower_count,
    following_count: user.following_count,
    statuses_count: record.statusesCount,
    last_status_at: dayOf(record.lastStatusAt),
    emojis: [],
    fields: fieldsOf(record),
    roles: [],
  };
}

/** The signed-in person's own account, with the source of what they can edit. */
export function credentialAccountView(record: AccountRecord, urls: Uris): CredentialAccount {
  const plainFields = [
    ...(record.user.links ? [{ name: 'Website', value: record.user.links, verified_at: null }] : []),
    ...(record.user.city ? [{ name: 'City', value: record.user.city, verified_at: null }] : []),
  ];
  const account = accountView(record, urls);
  return {
    ...account,
    role: roleOf[record.user.role],
    source: {
      privacy: 'public',
      sensitive: false,
      language: '',
      note: record.user.bio,
      fields: plainFields,
      follow_requests_count: 0,
      // The account's own settings, as its public face shows them.
      hide_collections: account.hide_collections,
      discoverable: account.discoverable,
      indexable: account.indexable,
      attribution_domains: [],
      quote_policy: approvalPolicyOf(record.user.quote_policy),
    },
  };
}

/** A person Sync suggests following: the most followed people the viewer does not follow yet. */
export const suggestionView = (record: AccountRecord, urls: Uris): Suggestion => ({
  source: 'global',
  sources: ['most_followed'],
  account: accountView(record, urls),
});

/** The people the viewer follows who follow an account. */
export const familiarFollowersView = (
  familiar: { id: string; accounts: readonly AccountRecord[] },
  urls: Uris,
): FamiliarFollowers => ({
  id: familiar.id,
  accounts: familiar.accounts.map((record) => accountView(record, urls)),
});
