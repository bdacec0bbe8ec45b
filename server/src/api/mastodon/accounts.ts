import { MuteLimits } from '@sync/contract';
import { Account, CredentialAccount, FamiliarFollowers, Relationship } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import { uploadIn, uploadRoute } from '../uploads.js';
import * as media from '../../use-cases/shared/media.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { offsetOf, setLinks, setStatusLinks, timeWindowOf, windowOf } from './paging.js';
import { booleanParam, listParam, objectListParam, objectParam, stringParam } from './params.js';
import { quotePolicyParam } from './quote-params.js';
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
function muteOf(body: unknown): mutes.MuteChange {
  const duration = Number(stringParam(body, 'duration') || 0);
  if (!Number.isSafeInteger(duration) || duration < 0 || duration > MuteLimits.durationSecondsMax)
    throw new HttpError(
      422,
      `Validation failed: duration must be a whole number of seconds from 0 (until unmuted) to ${MuteLimits.durationSecondsMax}.`,
    );
  return { notifications: booleanParam(body, 'notifications') ?? true, durationSeconds: duration };
}

/**
 * `/api/v1/accounts`: Sync's users as Mastodon accounts (everyone is local): the signed-in person's
 * own, anyone's by id or username, their statuses and follow lists, follows, blocks, mutes and
 * relationships.
 */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const idOf = (request: FastifyRequest) => stringParam(request.params, 'id') ?? '';

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
      schema: answeredWith(CredentialAccount),
    },
    async (request) => {
      // The profile as the pictures left it: the other fields are written over that.
      let viewer = mastodonViewer(request);
      for (const purpose of ['avatar', 'header'] as const) {
        const upload = uploadIn(request, purpose);
        if (upload) viewer = await media.setProfileImage(deps, { viewerId: viewer.id, purpose, upload });
      }
      const fields = objectListParam(request.body, 'fields_attributes');
      // Mastodon 4.5's default quote policy for new posts, Sync's preferences.
      const quotePolicy = quotePolicyParam(objectParam(request.body, 'source'), 'quote_policy');
      if (quotePolicy !== undefined)
        await preferences.changePreferences(deps, { viewerId: viewer.id, body: { quotePolicy } });
      const record = await users.updateCredentials(deps, {
        viewer,
        changes: {
          displayName: stringParam(request.body, 'display_name'),
          note: stringParam(request.body, 'note'),
          fields: fields?.map((field) => ({
            name: stringParam(field, 'name') ?? '',
            value: stringParam(field, 'value') ?? '',
          })),
        },
      });
      return credentialAccountView(record, urisFor(request));
    },
  );

  app.get(
    '/',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
      schema: answeredWith(Type.Array(Account)),
    },
    async (request) =>
      accountsFor(
        request,
        await users.getAccounts(deps, {
          ids: listParam(request.query, 'id'),
          viewerRole: request.viewer?.role,
        }),
      ),
  );

  app.get(
    '/lookup',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
      schema: answeredWith(Account),
    },
    async (request) => {
      const acct = stringParam(request.query, 'acct') ?? '';
      const record = await users.lookupAccount(deps, {
        acct,
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
      schema: answeredWith(Type.Array(Account)),
    },
    async (request) => {
      const { query } = request;
      const records = await search.searchAccounts(deps, {
        q: stringParam(query, 'q') ?? '',
        limit: windowOf(query, 80, 40).limit,
        offset: offsetOf(query),
        uris: urisFor(request),
        viewerId: mastodonViewer(request).id,
        followedBy: booleanParam(query, 'following') ? mastodonViewer(request).id : undefined,
      });
      return accountsFor(request, records);
    },
  );

  app.get(
    '/relationships',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:follows' }),
      schema: answeredWith(Type.Array(Relationship)),
    },
    async (request) => {
      const { ids, state } = await follows.relationships(deps, {
        viewerId: mastodonViewer(request).id,
        ids: listParam(request.query, 'id'),
      });
      return relationshipViews(ids, state);
    },
  );

  app.get(
    '/familiar_followers',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:follows' }),
      schema: answeredWith(Type.Array(FamiliarFollowers)),
    },
    async (request) => {
      const familiar = await follows.familiarFollowers(deps, {
        viewerId: mastodonViewer(request).id,
        ids: listParam(request.query, 'id'),
      });
      return familiar.map((entry) => familiarFollowersView(entry, urisFor(request)));
    },
  );

  app.get(
    '/:id',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
      schema: answeredWith(Account),
    },
    async (request) =>
      accountView(await users.visibleAccount(deps, idOf(request), request.viewer?.role), urisFor(request)),
  );

  app.get(
    '/:id/statuses',
    { preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      const { query } = request;
      const accountId = idOf(request);
      // Sync has no pinned statuses: that list is empty (for a real account).
      if (booleanParam(query, 'pinned')) {
        await users.requireAccount(deps, accountId);
        return [];
      }
      const window = timeWindowOf(windowOf(query));
      const found = await statuses.accountStatuses(deps, {
        accountId,
        viewerId: request.viewer?.id,
        window,
        excludeReplies: booleanParam(query, 'exclude_replies') ?? false,
        onlyMedia: booleanParam(query, 'only_media') ?? false,
        tagged: stringParam(query, 'tagged') || undefined,
        excludeReblogs: booleanParam(query, 'exclude_reblogs') ?? false,
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
        schema: answeredWith(Type.Array(Account)),
      },
      async (request, reply) => {
        const { accounts, bounds } = await users.accountRelation(deps, {
          accountId: idOf(request),
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
        schema: answeredWith(Relationship),
      },
      async (request) => {
        const { ids, state } = await follows.setFollow(deps, {
          viewerId: mastodonViewer(request).id,
          targetId: idOf(request),
          follow,
          // Mastodon's `reblogs`: show (the default) or hide their reblogs at home.
          reblogs: follow
            ? (booleanParam(request.body, 'reblogs') ?? booleanParam(request.query, 'reblogs'))
            : undefined,
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
        schema: answeredWith(Relationship),
      },
      async (request) => {
        const { ids, state } = await blocks.setBlock(deps, {
          viewerId: mastodonViewer(request).id,
          targetId: idOf(request),
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
        schema: answeredWith(Relationship),
      },
      async (request) => {
        const { ids, state } = await mutes.setMute(deps, {
          viewerId: mastodonViewer(request).id,
          targetId: idOf(request),
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
    app.get(`/:id/${path}`, { preHandler: mastodonAccess(app, who) }, async (request) => {
      await users.requireAccount(deps, idOf(request));
      return [];
    });
  }
};
