import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as statuses from '../../use-cases/mastodon/statuses.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { accountView } from '../../read/views/mastodon/accounts.js';
import { setLinks, setStatusLinks, timeWindowOf, windowOf, WindowQuery } from './paging.js';
import { contextTextFor, statusFor, statusesTextFor } from './views.js';
import { urisFor } from '../uris.js';
import { quotePolicyOf, unknownPolicy } from './quote-params.js';
import { sendJsonText } from '../json-text.js';
import { focusParam } from '../uploads.js';
import { statusEditViews } from '../../read/views/mastodon/status-edits.js';
import { Account, Context, Status, StatusEdit, StatusSource } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import { answeredWith } from './answer-schemas.js';
import { pinRefusalOf, refuseWhatSyncCannotKeep, StatusOptions } from './status-options.js';
import { HttpError } from '../../platform/http/errors.js';
import { IdParams } from './request-schemas.js';

/** A new status (`POST /api/v1/statuses`). */
const NewStatus = Type.Object({
  status: Type.String({ default: '' }),
  in_reply_to_id: Type.Optional(Type.String()),
  media_ids: Type.Array(Type.String(), { default: [] }),
  sensitive: Type.Boolean({ default: false }),
  quoted_status_id: Type.Optional(Type.String()),
  quote_approval_policy: Type.Optional(Type.String()),
  ...StatusOptions.properties,
});

/** An edit (`PUT /api/v1/statuses/:id`): no media ids leaves the media as they are. */
const EditedStatus = Type.Object({
  status: Type.String({ default: '' }),
  sensitive: Type.Optional(Type.Boolean()),
  media_ids: Type.Array(Type.String(), { default: [] }),
  media_attributes: Type.Array(
    Type.Object({
      id: Type.String({ default: '' }),
      description: Type.Optional(Type.String()),
      focus: Type.Optional(Type.String()),
    }),
    { default: [] },
  ),
  ...StatusOptions.properties,
});

const QuotePolicyBody = Type.Object({ quote_approval_policy: Type.Optional(Type.String()) });
const DeleteMedia = Type.Object({ delete_media: Type.Optional(Type.Boolean()) });

/** The `Idempotency-Key` header, trimmed; undefined when absent or empty. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return (typeof key === 'string' && key.trim()) || undefined;
}

/** `/api/v1/statuses`: read, create, delete, favourite, reblog and bookmark posts and comments as statuses. */
export const statusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/:id',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      schema: { params: IdParams, ...answeredWith(Status) },
    },
    async (request) =>
      statusFor(
        request,
        await statuses.getStatus(deps, { id: request.params.id, viewerId: request.viewer?.id }),
      ),
  );

  app.get(
    '/:id/context',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      // Spliced from kept text, sent as it is: the schema declares it (decision 123).
      schema: { params: IdParams, ...answeredWith(Context) },
    },
    async (request, reply) => {
      const context = await statuses.statusContext(deps, {
        id: request.params.id,
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
        schema: { params: IdParams, querystring: WindowQuery, ...answeredWith(Type.Array(Account)) },
      },
      async (request, reply) => {
        const { accounts, bounds } = await list(deps, {
          id: request.params.id,
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
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }),
      schema: { body: NewStatus, ...answeredWith(Status) },
    },
    async (request) => {
      const viewer = mastodonViewer(request);
      const { body } = request;
      refuseWhatSyncCannotKeep(body);
      const hydrated = await statuses.createStatus(deps, {
        viewerId: viewer.id,
        text: body.status,
        inReplyToId: body.in_reply_to_id,
        mediaIds: body.media_ids,
        sensitive: body.sensitive,
        quotedStatusId: body.quoted_status_id,
        quotePolicy: quotePolicyOf(body.quote_approval_policy),
        idempotencyKey: idempotencyKeyOf(request),
      });
      return statusFor(request, hydrated);
    },
  );

  app.put(
    '/:id',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }),
      schema: { params: IdParams, body: EditedStatus, ...answeredWith(Status) },
    },
    async (request) => {
      const { body } = request;
      refuseWhatSyncCannotKeep(body);
      const hydrated = await statuses.editStatus(deps, {
        viewerId: mastodonViewer(request).id,
        id: request.params.id,
        text: body.status,
        sensitive: body.sensitive,
        mediaIds: body.media_ids.length > 0 ? body.media_ids : undefined,
        mediaAttributes: body.media_attributes.map((attributes) => ({
          id: attributes.id,
          description: attributes.description,
          focus: focusParam(attributes.focus),
        })),
      });
      return statusFor(request, hydrated);
    },
  );

  app.put(
    '/:id/interaction_policy',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }),
      schema: { params: IdParams, body: QuotePolicyBody, ...answeredWith(Status) },
    },
    async (request) => {
      const policy = quotePolicyOf(request.body.quote_approval_policy);
      if (policy === undefined) throw unknownPolicy();
      return statusFor(
        request,
        await statuses.setQuotePolicy(deps, {
          viewerId: mastodonViewer(request).id,
          id: request.params.id,
          policy,
        }),
      );
    },
  );

  app.post(
    '/:id/quotes/:quoting_status_id/revoke',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }),
      schema: {
        params: Type.Object({ id: Type.String(), quoting_status_id: Type.String() }),
        ...answeredWith(Status),
      },
    },
    async (request) =>
      statusFor(
        request,
        await statuses.revokeQuote(deps, {
          viewerId: mastodonViewer(request).id,
          id: request.params.id,
          quotingId: request.params.quoting_status_id,
        }),
      ),
  );

  app.get(
    '/:id/quotes',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      schema: { params: IdParams, querystring: WindowQuery, ...answeredWith(Type.Array(Status)) },
    },
    async (request, reply) => {
      const window = timeWindowOf(windowOf(request.query));
      const found = await statuses.statusQuotes(deps, {
        id: request.params.id,
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
      schema: { params: IdParams, ...answeredWith(Type.Array(StatusEdit)) },
    },
    async (request) => {
      const { hydrated, versions } = await statuses.statusHistory(deps, {
        id: request.params.id,
        viewerId: request.viewer?.id,
      });
      return statusEditViews(versions, statusFor(request, hydrated), urisFor(request));
    },
  );

  app.get(
    '/:id/source',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:statuses' }),
      schema: { params: IdParams, ...answeredWith(StatusSource) },
    },
    async (request): Promise<StatusSource> => ({
      ...(await statuses.statusSource(deps, {
        id: request.params.id,
        viewerId: mastodonViewer(request).id,
      })),
      spoiler_text: '',
    }),
  );

  app.delete(
    '/:id',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }),
      schema: { params: IdParams, body: DeleteMedia, querystring: DeleteMedia, ...answeredWith(Status) },
    },
    async (request) => {
      const { hydrated, text } = await statuses.deleteStatus(deps, {
        viewerId: mastodonViewer(request).id,
        id: request.params.id,
        deleteMedia: request.body.delete_media ?? request.query.delete_media ?? false,
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
  app.post('/:id/pin', { preHandler: pinScope, schema: { params: IdParams } }, async (request) => {
    const viewer = mastodonViewer(request);
    const status = statusFor(
      request,
      await statuses.getStatus(deps, { id: request.params.id, viewerId: viewer.id }),
    );
    throw new HttpError(422, `Validation failed: ${pinRefusalOf(status, viewer.id)}`);
  });
  app.post(
    '/:id/unpin',
    { preHandler: pinScope, schema: { params: IdParams, ...answeredWith(Status) } },
    async (request) =>
      statusFor(
        request,
        await statuses.getStatus(deps, { id: request.params.id, viewerId: mastodonViewer(request).id }),
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
    app.post(
      `/:id/${path}`,
      {
        preHandler: mastodonAccess(app, { user: true, scope }),
        schema: { params: IdParams, ...answeredWith(Status) },
      },
      async (request) => statusFor(request, await change(mastodonViewer(request).id, request.params.id)),
    );
  }
};
