import { MuteLimits } from '@sync/contract';
import {
  Account,
  AlwaysEmpty,
  CredentialAccount,
  FamiliarFollowers,
  Relationship,
  Status,
} from '@sync/contract/mastodon';
import { Type, type Static } from 'typebox';
import { uploadIn, uploadRoute } from '../uploads.js';
import * as media from '../../use-cases/shared/media.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../platform/http/errors.js';
import type { AccountRecord } from '../../read/hydration/hydrator.js';
import {
  accountView,
  credentialAccountView,
  familiarFollowersView,
} from '../../read/views/mastodon/accounts.js';
import { relationshipViews } from '../../read/views/mastodon/relationships.js';
import * as blocks from '../../use-cases/mastodon/blocks.js';
import * as follows from '../../use-cases/mastodon/follows.js';
import * as mutes from '../../use-cases/mastodon/mutes.js';
import * as search from '../../use-cases/mastodon/search.js';
import * as statuses from '../../use-cases/mastodon/statuses.js';
import * as users from '../../use-cases/mastodon/users.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import {
  offsetOf,
  offsetParams,
  setLinks,
  setStatusLinks,
  timeWindowOf,
  windowOf,
  WindowQuery,
  windowParams,
} from './paging.js';
import { quotePolicyOf } from './quote-params.js';
import { IdParams } from './request-schemas.js';
import * as preferences from '../../use-cases/shared/preferences.js';
import { statusesFor } from './views.js';
import { answeredWith } from './answer-schemas.js';
import { urisFor } from '../uris.js';

/** The accounts of an answer as Mastodon apps read them. */
export const accountsFor = (request: FastifyRequest, records: readonly AccountRecord[]) =>
  records.map((record) => accountView(record, urisFor(request)));

/**
 * A mute's parameters: `notifications` (hide theirs too; the default) and `duration` in seconds (0, the
 * default: until unmuted). A duration that is not a whole number of seconds within the limit is refused
 * as Mastodon refuses invalid input (422).
 */
const MuteBody = Type.Object({
  notifications: Type.Boolean({ default: true }),
  duration: Type.Optional(Type.String()),
});

function muteOf(body: Static<typeof MuteBody>): mutes.MuteChange {
  const duration = Number(body.duration || 0);
  if (!Number.isSafeInteger(duration) || duration < 0 || duration > MuteLimits.durationSecondsMax)
    throw new HttpError(
      422,
      `Validation failed: duration must be a whole number of seconds from 0 (until unmuted) to ${MuteLimits.durationSecondsMax}.`,
    );
  return { notifications: body.notifications, durationSeconds: duration };
}

/** `update_credentials`' text fields (its pictures come as files, api/uploads.ts). */
const CredentialsBody = Type.Object({
  display_name: Type.Optional(Type.String()),
  note: Type.Optional(Type.String()),
  fields_attributes: Type.Optional(
    Type.Array(Type.Object({ name: Type.String({ default: '' }), value: Type.String({ default: '' }) })),
  ),
  source: Type.Object({ quote_policy: Type.Optional(Type.String()) }),
});

/** `id[]`: the accounts asked for. */
const IdsQuery = Type.Object({ id: Type.Array(Type.String(), { default: [] }) });

const AccountSearchQuery = Type.Object({
  ...windowParams,
  ...offsetParams,
  q: Type.String({ default: '' }),
  following: Type.Optional(Type.Boolean()),
});

const AccountStatusesQuery = Type.Object({
  ...windowParams,
  pinned: Type.Optional(Type.Boolean()),
  exclude_replies: Type.Boolean({ default: false }),
  only_media: Type.Boolean({ default: false }),
  tagged: Type.Optional(Type.String()),
  exclude_reblogs: Type.Boolean({ default: false }),
});

/** `reblogs`, in the body or the query: show (the default) or hide their reblogs at home. */
const FollowOptions = Type.Object({ reblogs: Type.Optional(Type.Boolean()) });

/**
 * `/api/v1/accounts`: Sync's users as Mastodon accounts (everyone is local): the signed-in person's
 * own, anyone's by id or username, their statuses and follow lists, follows, blocks, mutes and
 * relationships.
 */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/verify_credentials',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'profile' }),
      schema: answeredWith(CredentialAccount),
    },
    async (request) =>
      credentialAccountView(await users.requireAccount(deps, mastodonViewer(request).id), urisFor(request)),
  );

  app.patch(
    '/update_credentials',
    {
      // `avatar` and `header` may come as files: the token is checked before they are read.
      config: uploadRoute(['avatar', 'header'], deps.media.config.maxBytes),
      onRequest: mastodonAccess(app, { user: true, scope: 'write:accounts' }),
      schema: { body: CredentialsBody, ...answeredWith(CredentialAccount) },
    },
    async (request) => {
      // The profile as the pictures left it: the other fields are written over that.
      let viewer = mastodonViewer(request);
      for (const purpose of ['avatar', 'header'] as const) {
        const upload = uploadIn(request, purpose);
        if (upload) viewer = await media.setProfileImage(deps, { viewerId: viewer.id, purpose, upload });
      }
      const { body } = request;
      // Mastodon 4.5's default quote policy for new posts, Sync's preferences.
      const quotePolicy = quotePolicyOf(body.source.quote_policy);
      if (quotePolicy !== undefined)
        await preferences.changePreferences(deps, { viewerId: viewer.id, body: { quotePolicy } });
      const record = await users.updateCredentials(deps, {
        viewer,
        changes: {
          displayName: body.display_name,
          note: body.note,
          fields: body.fields_attributes,
        },
      });
      return credentialAccountView(record, urisFor(request));
    },
  );

  app.get(
    '/',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
      schema: { querystring: IdsQuery, ...answeredWith(Type.Array(Account)) },
    },
    async (request) =>
      accountsFor(
        request,
        await users.getAccounts(deps, {
          ids: request.query.id,
          viewerRole: request.viewer?.role,
        }),
      ),
  );

  app.get(
    '/lookup',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
      schema: {
        querystring: Type.Object({ acct: Type.String({ default: '' }) }),
        ...answeredWith(Account),
      },
    },
    async (request) => {
      const record = await users.lookupAccount(deps, {
        acct: request.query.acct,
        uris: urisFor(request),
        viewerRole: request.viewer?.role,
      });
      const [account] = accountsFor(request, [record]);
      return account;
    },
  );

  app.get(
    '/search',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:accounts' }),
      schema: { querystring: AccountSearchQuery, ...answeredWith(Type.Array(Account)) },
    },
    async (request) => {
      const { query } = request;
      const records = await search.searchAccounts(deps, {
        q: query.q,
        limit: windowOf(query, 80, 40).limit,
        offset: offsetOf(query),
        uris: urisFor(request),
        viewerId: mastodonViewer(request).id,
        followedBy: query.following ? mastodonViewer(request).id : undefined,
      });
      return accountsFor(request, records);
    },
  );

  app.get(
    '/relationships',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:follows' }),
      schema: { querystring: IdsQuery, ...answeredWith(Type.Array(Relationship)) },
    },
    async (request) => {
      const { ids, state } = await follows.relationships(deps, {
        viewerId: mastodonViewer(request).id,
        ids: request.query.id,
      });
      return relationshipViews(ids, state);
    },
  );

  app.get(
    '/familiar_followers',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:follows' }),
      schema: { querystring: IdsQuery, ...answeredWith(Type.Array(FamiliarFollowers)) },
    },
    async (request) => {
      const familiar = await follows.familiarFollowers(deps, {
        viewerId: mastodonViewer(request).id,
        ids: request.query.id,
      });
      return familiar.map((entry) => familiarFollowersView(entry, urisFor(request)));
    },
  );

  app.get(
    '/:id',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
      schema: { params: IdParams, ...answeredWith(Account) },
    },
    async (request) =>
      accountView(
        await users.visibleAccount(deps, request.params.id, request.viewer?.role),
        urisFor(request),
      ),
  );

  app.get(
    '/:id/statuses',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      schema: { params: IdParams, querystring: AccountStatusesQuery, ...answeredWith(Type.Array(Status)) },
    },
    async (request, reply) => {
      const { query } = request;
      const accountId = request.params.id;
      // Sync has no pinned statuses: that list is empty (for a real account).
      if (query.pinned) {
        await users.requireAccount(deps, accountId);
        return [];
      }
      const window = timeWindowOf(windowOf(query));
      const found = await statuses.accountStatuses(deps, {
        accountId,
        viewerId: request.viewer?.id,
        window,
        excludeReplies: query.exclude_replies,
        onlyMedia: query.only_media,
        tagged: query.tagged || undefined,
        excludeReblogs: query.exclude_reblogs,
      });
      const page = statusesFor(request, found);
      setStatusLinks(
        request,
        reply,
        page.map((status) => status.id),
        window,
        found,
      );
      return page;
    },
  );

  for (const relation of ['followers', 'following'] as const) {
    app.get(
      `/:id/${relation}`,
      {
        preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
        schema: { params: IdParams, querystring: WindowQuery, ...answeredWith(Type.Array(Account)) },
      },
      async (request, reply) => {
        const { accounts, bounds } = await users.accountRelation(deps, {
          accountId: request.params.id,
          relation,
          window: windowOf(request.query, 80, 40),
          viewerId: request.viewer?.id,
          viewerRole: request.viewer?.role,
        });
        setLinks(request, reply, bounds);
        return accountsFor(request, accounts);
      },
    );
  }

  for (const [path, follow] of [
    ['follow', true],
    ['unfollow', false],
  ] as const) {
    app.post(
      `/:id/${path}`,
      {
        preHandler: mastodonAccess(app, { user: true, scope: 'write:follows' }),
        schema: {
          params: IdParams,
          body: FollowOptions,
          querystring: FollowOptions,
          ...answeredWith(Relationship),
        },
      },
      async (request) => {
        const { ids, state } = await follows.setFollow(deps, {
          viewerId: mastodonViewer(request).id,
          targetId: request.params.id,
          follow,
          reblogs: follow ? (request.body.reblogs ?? request.query.reblogs) : undefined,
        });
        return relationshipViews(ids, state)[0];
      },
    );
  }

  for (const [path, block] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/:id/${path}`,
      {
        preHandler: mastodonAccess(app, { user: true, scope: 'write:blocks' }),
        schema: { params: IdParams, ...answeredWith(Relationship) },
      },
      async (request) => {
        const { ids, state } = await blocks.setBlock(deps, {
          viewerId: mastodonViewer(request).id,
          targetId: request.params.id,
          block,
        });
        return relationshipViews(ids, state)[0];
      },
    );
  }

  for (const [path, mute] of [
    ['mute', true],
    ['unmute', false],
  ] as const) {
    app.post(
      `/:id/${path}`,
      {
        preHandler: mastodonAccess(app, { user: true, scope: 'write:mutes' }),
        schema: { params: IdParams, body: MuteBody, ...answeredWith(Relationship) },
      },
      async (request) => {
        const { ids, state } = await mutes.setMute(deps, {
          viewerId: mastodonViewer(request).id,
          targetId: request.params.id,
          mute: mute ? muteOf(request.body) : undefined,
        });
        return relationshipViews(ids, state)[0];
      },
    );
  }

  // Sync has no featured tags and no lists yet: valid empty answers, for an account that exists.
  for (const [path, who] of [
    ['featured_tags', { public: true, scope: 'read:accounts' }],
    ['lists', { user: true, scope: 'read:lists' }],
  ] as const) {
    app.get(
      `/:id/${path}`,
      { preHandler: mastodonAccess(app, who), schema: { params: IdParams, ...answeredWith(AlwaysEmpty) } },
      async (request) => {
        await users.requireAccount(deps, request.params.id);
        return [];
      },
    );
  }
};
