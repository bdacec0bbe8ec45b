import {
  Limits,
  type InstanceRule,
  type InstanceSettings,
  type MediaConfiguration,
  type RegistrationsMode,
} from '@sync/contract';
import { serverVersion } from '../../../config.js';
import type { AccountRecord } from '../../hydration/hydrator.js';
import { accountView } from './accounts.js';
import type {
  Instance,
  MediaLimits,
  PollLimits,
  Rule,
  StatusLimits,
  V1Instance,
} from '@sync/contract/mastodon';
import { escapeHtml } from '../escape-html.js';
import type { Uris } from '../../../platform/uris/uris.js';

/**
 * The server as Mastodon apps read it (https://docs.joinmastodon.org/entities/Instance/). The version
 * names a Mastodon release so that apps which switch features on by version treat Sync as current;
 * `api_versions` says which API it speaks. What Sync lacks (video, polls, translation, push) is
 * answered with limits of 0 and empty lists, as Mastodon's own settings would.
 */

export const mastodonVersion = `4.5.0 (compatible; Sync ${serverVersion})`;

/**
 * The `mastodon` API version, Mastodon 4.5.0's as `version` names 4.5.0: 7, the version from which
 * Mastodon documents its quotes API (https://docs.joinmastodon.org/client/quotes/): `quoted_status_id`
 * and `quote_approval_policy` on new statuses, `quote` and `quote_approval` on statuses, the
 * interaction policy, revoking a quote and the list of a status's quotes, which Sync has (quotes.test.ts).
 * Apps such as Phanpy offer quotes only from 7; with 2 (Mastodon 4.3's) they hid them.
 */
export const mastodonApiVersion = 7;

/**
 * The one language Sync speaks to everyone (its web client, its mail; a sign-up's `locale` is not
 * kept): the instance's `languages` and every account's `locale` in the admin API.
 */
export const instanceLanguage = 'en';

/** The web client's sign-up page, which apps open when their person wants an account. */
const signupPath = '/signup';
/** The web client's About page: the community, who runs it, its rules. */
const aboutPath = '/about';
/** A picture of the server for app directories and account pickers, a file of the web client. */
const thumbnailPath = '/thumbnail.png';

/** What an instance answer shows beside the configuration. */
export interface InstanceFacts {
  settings: InstanceSettings;
  urls: Uris;
  /** The owner. */
  contact: AccountRecord | undefined;
  rules: InstanceRule[];
  /** What an upload may be. */
  media: MediaConfiguration;
}

/** The streaming API's origin: the server's, over WebSocket, without a path. */
export const streamingOriginOf = (urls: Uris) => urls.origin.replace(/^http/, 'ws');

const statusLimits = (media: MediaConfiguration): StatusLimits => ({
  max_characters: Limits.postContent,
  max_media_attachments: media.maxPerPost,
  // How Mastodon apps count a link's length; Sync counts a link as the characters it has.
  characters_reserved_per_url: 23,
});

/** Images only: video's limits are 0, which apps read as "no video". */
const mediaLimits = (media: MediaConfiguration): MediaLimits => ({
  supported_mime_types: media.types,
  image_size_limit: media.maxBytes,
  image_matrix_limit: media.maxPixels,
  video_size_limit: 0,
  video_frame_rate_limit: 0,
  video_matrix_limit: 0,
});

const pollLimits: PollLimits = {
  max_options: 0,
  max_characters_per_option: 0,
  min_expiration: 0,
  max_expiration: 0,
};

const open = { local: 'public', remote: 'public' } as const;

const contactOf = (facts: InstanceFacts) => (facts.contact ? accountView(facts.contact, facts.urls) : null);

/** `GET /api/v1/instance/rules`, and the rules of both instance answers. */
export const rulesView = (rules: readonly InstanceRule[]): Rule[] => rules.map(ruleView);

/** One rule; Sync's rules are written in one language, so they have no translations. */
export const ruleView = (rule: Pick<InstanceRule, 'id' | 'text' | 'hint'>): Rule => ({
  id: rule.id,
  text: rule.text,
  hint: rule.hint,
  translations: {},
});

/**
 * Mastodon's registration modes are open, approval and none; Sync's invite mode is Mastodon's "none"
 * with invites (an invite link still signs people up, in the web client).
 */
export const signupsOpen = (mode: RegistrationsMode) => mode === 'open' || mode === 'approval';

/** The admins' message about sign-ups, as the HTML apps show; null when there is none. */
const registrationsMessageOf = (settings: InstanceSettings) =>
  settings.registrationsMessage
    ? settings.registrationsMessage
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
        .join('')
    : null;

/** `GET /api/v2/instance`; `activeMonth`: the people active in the last 30 days. */
export function instanceView(facts: InstanceFacts, activeMonth: number): Instance {
  const { settings, urls } = facts;
  return {
    domain: urls.localDomain,
    title: settings.title,
    version: mastodonVersion,
    // Sync's source comes with the server; no public repository is named yet.
    source_url: urls.origin,
    description: settings.description,
    usage: { users: { active_month: activeMonth } },
    thumbnail: { url: urls.at(thumbnailPath) },
    icon: [],
    languages: [instanceLanguage],
    configuration: {
      urls: {
        streaming: streamingOriginOf(urls),
        status: null,
        about: urls.at(aboutPath),
        privacy_policy: null,
        terms_of_service: null,
      },
      vapid: { public_key: '' },
      accounts: { max_featured_tags: 0, max_pinned_statuses: 0 },
      statuses: statusLimits(facts.media),
      media_attachments: { ...mediaLimits(facts.media), description_limit: facts.media.descriptionMax },
      polls: pollLimits,
      translation: { enabled: false },
      timelines_access: { live_feeds: open, hashtag_feeds: open, trending_link_feeds: open },
      limited_federation: false,
    },
    registrations: {
      enabled: signupsOpen(settings.registrationsMode),
      approval_required: settings.registrationsMode === 'approval',
      reason_required: settings.registrationsMode === 'approval',
      message: registrationsMessageOf(settings),
      min_age: null,
      url: signupsOpen(settings.registrationsMode) ? urls.at(signupPath) : null,
    },
    api_versions: { mastodon: mastodonApiVersion },
    contact: { email: settings.contactEmail, account: contactOf(facts) },
    rules: rulesView(facts.rules),
  };
}

/** `GET /api/v1/instance`; `statusCount`: posts and comments, every status the server holds. */
export function v1InstanceView(
  facts: InstanceFacts,
  stats: { userCount: number; statusCount: number },
): V1Instance {
  const { settings, urls } = facts;
  return {
    uri: urls.localDomain,
    title: settings.title,
    short_description: settings.description,
    description: settings.description,
    email: settings.contactEmail,
    version: mastodonVersion,
    urls: { streaming_api: streamingOriginOf(urls) },
    // Every account is local until federation: the one domain is this server's.
    stats: { user_count: stats.userCount, status_count: stats.statusCount, domain_count: 1 },
    thumbnail: urls.at(thumbnailPath),
    languages: [instanceLanguage],
    registrations: signupsOpen(settings.registrationsMode),
    approval_required: settings.registrationsMode === 'approval',
    invites_enabled: settings.registrationsMode === 'invite',
    configuration: {
      accounts: { max_featured_tags: 0 },
      statuses: statusLimits(facts.media),
      media_attachments: mediaLimits(facts.media),
      polls: pollLimits,
    },
    contact_account: contactOf(facts),
    rules: rulesView(facts.rules),
  };
}
