import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, test } from 'vitest';
import {
  Account,
  AdminAccount,
  AdminReport,
  Context,
  CredentialAccount,
  FamiliarFollowers,
  Filter,
  FilterKeyword,
  GroupedNotificationsResults,
  Instance,
  Markers,
  MediaAttachment,
  MutedAccount,
  NodeInfo,
  NodeInfoLinks,
  Notification,
  NotificationPolicy,
  Preferences,
  Relationship,
  Report,
  Rule,
  Search,
  Status,
  StatusEdit,
  StatusSource,
  Suggestion,
  Tag,
  V1Filter,
  V1Instance,
  WebFinger,
} from '@sync/contract/mastodon';
import { serializerOf } from './mastodon/serializers.js';

/**
 * Every Mastodon golden answer (`__golden__/mastodon/`, written by views.golden.test.ts) is checked
 * against the contract's schema of its entity (`@sync/contract/mastodon`). The schemas are exact, so a
 * view that grows a field, drops one or changes a type fails here until its schema says so: the
 * contract cannot drift from what the API answers. A new golden fails until it is given its schema.
 */

const goldenFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__', 'mastodon');

const Accounts = Type.Array(Account);
const Statuses = Type.Array(Status);

/** Each golden's body by the schema it answers with, or why it has none of the contract's. */
const bodySchemas: Record<string, TSchema | { notAnEntity: string }> = {
  'account-search': Accounts,
  'account-statuses': Statuses,
  account: Account,
  'admin-account': AdminAccount,
  'admin-accounts': Type.Array(AdminAccount),
  'admin-report': AdminReport,
  'admin-reports': Type.Array(AdminReport),
  blocks: Accounts,
  bookmarks: Statuses,
  context: Context,
  'familiar-followers': Type.Array(FamiliarFollowers),
  'favourited-by': Accounts,
  favourites: Statuses,
  'filter-keywords': Type.Array(FilterKeyword),
  'filters-v1': Type.Array(V1Filter),
  'filters-v2': Type.Array(Filter),
  followers: Accounts,
  following: Accounts,
  'grouped-notifications-cleo': GroupedNotificationsResults,
  'grouped-notifications': GroupedNotificationsResults,
  'home-ada': Statuses,
  home: Statuses,
  'instance-rules': Type.Array(Rule),
  'instance-v1': V1Instance,
  'instance-v2': Instance,
  lookup: Account,
  markers: Markers,
  media: MediaAttachment,
  mutes: Type.Array(MutedAccount),
  'notification-policy': NotificationPolicy,
  'notifications-ada': Type.Array(Notification),
  'notifications-ben': Type.Array(Notification),
  'notifications-cleo': Type.Array(Notification),
  'notifications-dan': Type.Array(Notification),
  preferences: Preferences,
  public: Statuses,
  quotes: Statuses,
  'reblogged-by': Accounts,
  relationships: Type.Array(Relationship),
  report: Report,
  search: Search,
  'status-comment': Status,
  'status-draft-anonymous': Status,
  'status-draft-filtered': Status,
  'status-history': Type.Array(StatusEdit),
  'status-photo': Status,
  'status-praise': Status,
  'status-quote': Status,
  'status-source': StatusSource,
  'streamed-status': Status,
  suggestions: Type.Array(Suggestion),
  'tag-timeline': Statuses,
  tag: Tag,
  'trending-statuses': Statuses,
  'trending-tags': Type.Array(Tag),
  'verify-credentials': CredentialAccount,
  'host-meta': { notAnEntity: 'WebFinger discovery in XML (XRD), not JSON' },
  'nodeinfo-links': NodeInfoLinks,
  nodeinfo: NodeInfo,
  webfinger: WebFinger,
};

/**
 * The golden's body, the JSON the API answered (ids stand as placeholders such as "<ben>": strings
 * still). An answer of another JSON type (WebFinger's `application/jrd+json`) is kept as its text.
 */
function goldenBody(name: string): unknown {
  const golden: unknown = JSON.parse(fs.readFileSync(path.join(goldenFolder, `${name}.json`), 'utf8'));
  if (typeof golden !== 'object' || golden === null || !('body' in golden))
    throw new Error(`${name}.json has no body`);
  const jsonText =
    'contentType' in golden && typeof golden.contentType === 'string' && /\+json\b/.test(golden.contentType);
  return jsonText && typeof golden.body === 'string' ? JSON.parse(golden.body) : golden.body;
}

/** Where the value strays from the schema, one line each: empty when it matches. */
const mismatches = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((error) => `${error.instancePath || '/'}: ${error.message}`);

describe('the Mastodon golden answers match their entities in the contract', () => {
  test('every golden has a schema, or a reason it has none', () => {
    const goldens = fs
      .readdirSync(goldenFolder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length));
    expect(goldens.toSorted()).toEqual(Object.keys(bodySchemas).toSorted());
  });

  const checked = Object.entries(bodySchemas).flatMap(([name, schema]) =>
    'notAnEntity' in schema ? [] : [{ name, schema }],
  );
  test.each(checked)('$name', ({ name, schema }) => {
    expect(mismatches(schema, goldenBody(name))).toEqual([]);
  });

  /**
   * The answers spliced from kept text (timelines, a context, a status's quotes) and the streamed status
   * are sent as their text, not through the route's serializer: they must be what it would write, in
   * its field order (decision 123). So must every other answer, which the serializer wrote.
   */
  test.each(checked)('$name is what its schema serialises', ({ name, schema }) => {
    const body = goldenBody(name);
    expect(serializerOf(schema)(body)).toBe(JSON.stringify(body));
  });

  test('a field the schema does not declare, or a value of another type, fails', () => {
    const status = goldenBody('status-photo');
    if (typeof status !== 'object' || status === null || !('account' in status))
      throw new Error('status-photo has no account');
    expect(mismatches(Status, { ...status, account: { ...Object(status.account), moved: null } })).toContain(
      '/account: must not have additional properties',
    );
    expect(mismatches(Status, { ...status, replies_count: '0' })).toContain(
      '/replies_count: must be integer',
    );
  });
});
