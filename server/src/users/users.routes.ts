import {
  EditUserBody,
  ErrorBody,
  Limits,
  PageQuery,
  UserReply,
  SuggestionsReply,
  UserQuery,
  UserSummariesReply,
  UsersReply,
  ReturnQuery,
  UsernameParams,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../auth/auth.plugin.js';
import { wantsChangedOnly } from '../http/reply-shape.js';
import { nowIso } from '../db/ids.js';
import { Messages, notFound } from '../http/errors.js';
import { checkText, checkUrl } from '../http/text.js';
import * as users from './users.repo.js';
import { toUser, toUsers } from './users.service.js';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, cursors } = app;

  const requireUserNamed = async (username: string) => {
    const user = await users.findUserByUsername(db, username);
    if (!user) throw notFound(Messages.userNotFound(username));
    return user;
  };

  app.get(
    '/',
    {
      schema: { querystring: PageQuery, response: { 200: UsersReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    async (request) => {
      const viewerId = request.viewer?.id;
      const page = cursors.pageRequest('users', request.query, ['string', 'string']);
      const rows = await users.listUserRows(db, page);
      if (!page) return { users: await toUsers(db, rows, viewerId) };
      const { items, nextCursor } = cursors.page('users', rows, page.limit, (row) => [
        row.created_at,
        row.id,
      ]);
      return { users: await toUsers(db, items, viewerId), nextCursor };
    },
  );

  app.get(
    '/suggestions',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) }),
        response: { 200: SuggestionsReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const rows = await users.suggestUsers(db, viewerOf(request).id, request.query.limit ?? 4);
      return { users: rows.map((row) => ({ ...users.toSummary(row), bio: row.bio })) };
    },
  );

  app.post(
    '/edit',
    {
      schema: {
        body: EditUserBody,
        querystring: ReturnQuery,
        response: { 201: Type.Union([UsersReply, UserReply]), '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const data = request.body.updatedUserData;
      // Only the profile fields are taken; names, username, password, follows and bookmarks never change here.
      await users.updateProfile(db, viewer.id, {
        bio:
          data.bio === undefined
            ? viewer.bio
            : checkText(data.bio, { label: 'Bio', max: Limits.bio, required: false }),
        links:
          data.links === undefined ? viewer.links : checkUrl(data.links, { label: 'Link', max: Limits.url }),
        city:
          data.city === undefined
            ? viewer.city
            : checkText(data.city, { label: 'City', max: Limits.city, required: false }),
        avatar_url:
          data.avatarURL === undefined
            ? viewer.avatar_url
            : checkUrl(data.avatarURL, { label: 'Avatar URL', max: Limits.url }),
        updated_at: nowIso(),
      });
      if (wantsChangedOnly(request.query)) {
        const updated = await users.findUserById(db, viewer.id);
        return reply.code(201).send({ user: await toUser(db, updated!, viewer.id) });
      }
      return reply.code(201).send({ users: await toUsers(db, await users.listUserRows(db), viewer.id) });
    },
  );

  app.get(
    '/:username',
    {
      schema: {
        params: UsernameParams,
        querystring: UserQuery,
        response: { 200: UserReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    async (request) => {
      const user = await requireUserNamed(request.params.username);
      const viewerId = request.viewer?.id;
      return {
        user: request.query.preview
          ? await users.loadUserPreview(db, user, viewerId)
          : await toUser(db, user, viewerId),
      };
    },
  );

  for (const relation of ['followers', 'following'] as const satisfies users.Relation[]) {
    app.get(
      `/:username/${relation}`,
      {
        schema: {
          params: UsernameParams,
          querystring: PageQuery,
          response: { 200: UserSummariesReply, '4xx': ErrorBody },
        },
      },
      async (request) => {
        const user = await requireUserNamed(request.params.username);
        const scope = `${relation}:${user.id}`;
        const page = cursors.pageRequest(scope, request.query, ['string', 'string']) ?? {
          limit: Limits.pageSizeDefault,
          after: undefined,
        };
        const rows = await users.listRelation(db, user.id, relation, page);
        const { items, nextCursor } = cursors.page(scope, rows, page.limit, (row) => [
          row.followed_at,
          row.user_id,
        ]);
        return { users: items.map(users.toSummary), nextCursor };
      },
    );
  }
};
