import type { FastifyPluginAsync } from 'fastify';
import * as statuses from '../../use-cases/mastodon/statuses.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { accountView } from '../../read/views/mastodon/accounts.js';
import { setLinks, setStatusLinks, timeWindowOf, windowOf } from './paging.js';
import { contextTextFor, statusFor, statusesTextFor } from './views.js';
import { urisFor } from '../uris.js';
import { quotePolicyParam, unknownPolicy } from './quote-params.js';
import { sendJsonText } from '../json-text.js';
import { booleanParam, listParam, objectListParam, stringParam } from './params.js';
import { focusParam } from '../uploads.js';
import { statusEditViews } from '../../read/views/mastodon/status-edits.js';
import { Account, StatusEdit, StatusSource } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import { answeredWith } from './answer-schemas.js';
import { pinRefusalOf, refuseWhatSyncCannotKeep } from './status-options.js';
import { HttpError } from '../../platform/http/errors.js';

/** `/api/v1/statuses`: read, create, delete, favourite, reblog and bookmark posts and comments as statuses. */
export const statusRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const idOf = (params: unknown) => stringParam(params, 'id') ?? '';

  app.get(
    '/:id',
    { preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }) },
    async (request) =>
      statusFor(
        request,
        await statuses.getStatus(deps, { id: idOf(request.params), viewerId: request.viewer?.id }),
      ),
  );

  app.get(
    '/:id/context',
    { preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      const context = await statuses.statusContext(deps, {
        id: idOf(request.params),
        viewerId: request.viewer?.id,
      });
      return sendJsonText(reply, contextTextFor(request, context));
    },
  );

  for (const [path, list] of [
    ['favourited_by', statuses.favouritedBy],
    ['reblogged_by', statuses.rebloggedBy],
  ] as const) {
    app.get(
      `/:id/${path}`,
      {
        preHandler: mastodonAccess(app, { public: true, scope: 'read:accounts' }),
        schema: answeredWith(Type.Array(Account)),
      },
      async (request, reply) => {
        const { accounts, bounds } = await list(deps, {
          id: idOf(request.params),
          viewerId: request.viewer?.id,
          window: windowOf(request.query),
        });
        setLinks(request, reply, bounds);
        const urls = urisFor(request);
        return accounts.map((account) => accountView(account, urls));
      },
    );
  }
  app.post(
    '/',
    { preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }) },
    async (request) => {
      const viewer = mastodonViewer(request);
      refuseWhatSyncCannotKeep(request.body);
      const hydrated = await statuses.createStatus(deps, {
        viewerId: viewer.id,
        text: stringParam(request.body, 'status') ?? '',
        inReplyToId: stringParam(request.body, 'in_reply_to_id'),
        mediaIds: listParam(request.body, 'media_ids'),
        sensitive: booleanParam(request.body, 'sensitive') ?? false,
        quotedStatusId: stringParam(request.body, 'quoted_status_id'),
        quotePolicy: quotePolicyParam(request.body),
        idempotencyKey: stringParam(request.headers, 'idempotency-key')?.trim() || undefined,
      });
      return statusFor(request, hydrated);
    },
  );

  app.put(
    '/:id',
    { preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }) },
    async (request) => {
      const { body } = request;
      refuseWhatSyncCannotKeep(body);
      const hydrated = await statuses.editStatus(deps, {
        viewerId: mastodonViewer(request).id,
        id: idOf(request.params),
        text: stringParam(body, 'status') ?? '',
        sensitive: booleanParam(body, 'sensitive'),
        mediaIds: listParam(body, 'media_ids').length > 0 ? listParam(body, 'media_ids') : undefined,
        mediaAttributes: (objectListParam(body, 'media_attributes') ?? []).map((attributes) => ({
          id: stringParam(attributes, 'id') ?? '',
          description: stringParam(attributes, 'description'),
          focus: focusParam(stringParam(attributes, 'focus')),
        })),
      });
      return statusFor(request, hydrated);
    },
  );

  app.put(
    '/:id/interaction_policy',
    { preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }) },
    async (request) => {
      const policy = quotePolicyParam(request.body);
      if (policy === undefined) throw unknownPolicy();
      return statusFor(
        request,
        await statuses.setQuotePolicy(deps, {
          viewerId: mastodonViewer(request).id,
          id: idOf(request.params),
          policy,
        }),
      );
    },
  );

  app.post(
    '/:id/quotes/:quoting_status_id/revoke',
    { preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }) },
    async (request) =>
      statusFor(
        request,
        await statuses.revokeQuote(deps, {
          viewerId: mastodonViewer(request).id,
          id: idOf(request.params),
          quotingId: stringParam(request.params, 'quoting_status_id') ?? '',
        }),
      ),
  );

  app.get(
    '/:id/quotes',
    { preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      const window = timeWindowOf(windowOf(request.query));
      const found = await statuses.statusQuotes(deps, {
        id: idOf(request.params),
        viewerId: request.viewer?.id,
        window,
      });
      const { text, ids } = statusesTextFor(request, found);
      setStatusLinks(request, reply, ids, window, found);
      return sendJsonText(reply, text);
    },
  );

  app.get(
    '/:id/history',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      schema: answeredWith(Type.Array(StatusEdit)),
    },
    async (request) => {
      const { hydrated, versions } = await statuses.statusHistory(deps, {
        id: idOf(request.params),
        viewerId: request.viewer?.id,
      });
      return statusEditViews(versions, statusFor(request, hydrated), urisFor(request));
    },
  );

  app.get(
    '/:id/source',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:statuses' }),
      schema: answeredWith(StatusSource),
    },
    async (request): Promise<StatusSource> => ({
      ...(await statuses.statusSource(deps, {
        id: idOf(request.params),
        viewerId: mastodonViewer(request).id,
      })),
      spoiler_text: '',
    }),
  );

  app.delete(
    '/:id',
    { preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }) },
    async (request) => {
      const { hydrated, text } = await statuses.deleteStatus(deps, {
        viewerId: mastodonViewer(request).id,
        id: idOf(request.params),
        deleteMedia:
          booleanParam(request.body, 'delete_media') ?? booleanParam(request.query, 'delete_media') ?? false,
      });
      return { ...statusFor(request, hydrated), text };
    },
  );

  /**
   * Pinning: Sync has no pinned statuses yet (instance: `max_pinned_statuses: 0`), so a pin is refused
   * as Mastodon refuses one past its limit, after Mastodon's own checks (a boost, someone else's status),
   * with its words; a status the viewer cannot see is a 404 as on Mastodon. Unpinning a status that is
   * not pinned answers it, as Mastodon does.
   */
  const pinScope = mastodonAccess(app, { user: true, scope: 'write:accounts' });
  app.post('/:id/pin', { preHandler: pinScope }, async (request) => {
    const viewer = mastodonViewer(request);
    const status = statusFor(
      request,
      await statuses.getStatus(deps, { id: idOf(request.params), viewerId: viewer.id }),
    );
    throw new HttpError(422, `Validation failed: ${pinRefusalOf(status, viewer.id)}`);
  });
  app.post('/:id/unpin', { preHandler: pinScope }, async (request) =>
    statusFor(
      request,
      await statuses.getStatus(deps, { id: idOf(request.params), viewerId: mastodonViewer(request).id }),
    ),
  );

  for (const [path, scope, change] of [
    [
      'favourite',
      'write:favourites',
      (viewerId: string, id: string) => statuses.favourite(deps, { viewerId, id, on: true }),
    ],
    [
      'unfavourite',
      'write:favourites',
      (viewerId: string, id: string) => statuses.favourite(deps, { viewerId, id, on: false }),
    ],
    [
      'reblog',
      'write:statuses',
      (viewerId: string, id: string) => statuses.reblog(deps, { viewerId, id, on: true }),
    ],
    [
      'unreblog',
      'write:statuses',
      (viewerId: string, id: string) => statuses.reblog(deps, { viewerId, id, on: false }),
    ],
    [
      'bookmark',
      'write:bookmarks',
      (viewerId: string, id: string) => statuses.bookmark(deps, { viewerId, id, on: true }),
    ],
    [
      'unbookmark',
      'write:bookmarks',
      (viewerId: string, id: string) => statuses.bookmark(deps, { viewerId, id, on: false }),
    ],
  ] as const) {
    app.post(`/:id/${path}`, { preHandler: mastodonAccess(app, { user: true, scope }) }, async (request) =>
      statusFor(request, await change(mastodonViewer(request).id, idOf(request.params))),
    );
  }
};
