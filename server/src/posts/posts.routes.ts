import {
  DeletedReply,
  ErrorBody,
  Limits,
  PageQuery,
  PostDataBody,
  PostListQuery,
  PostReply,
  PostsReply,
  ReturnQuery,
  UserSummariesReply,
  PostIdParams,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../auth/auth.plugin.js';
import { wantsChangedOnly } from '../http/reply-shape.js';
import { newId, nowIso } from '../db/ids.js';
import type { ReactionKind } from '../db/schema.js';
import { Messages, badRequest, notFound } from '../http/errors.js';
import { checkText } from '../http/text.js';
import { findUserByUsername } from '../users/users.repo.js';
import { toSummary } from '../users/users.repo.js';
import * as posts from './posts.repo.js';
import { allPosts, postPreview, requirePost } from './posts.service.js';

const checkContent = (content: string) =>
  checkText(content, { label: 'Post content', max: Limits.postContent, required: true });
const ChangeReply = Type.Union([PostsReply, PostReply]);

export const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, cursors } = app;

  /** Post changes answer all posts (the contract) or, with ?return=post|minimal, just the changed one. */
  const changeReply = async (postId: string, query: ReturnQuery, viewerId: string) =>
    wantsChangedOnly(query)
      ? { post: await postPreview(db, postId, viewerId) }
      : { posts: await allPosts(db) };

  const listReply = async (query: PostListQuery, viewerId: string | undefined, authorId?: string) => {
    const sort = query.sort ?? 'newest';
    const scope = `posts:${sort}:${authorId ?? '*'}`;
    const page = cursors.pageRequest(scope, query, posts.postKeyShape[sort]);
    const rows = await posts.listPostRows(db, { authorId, sort: query.sort, page });
    if (!page) return { posts: await posts.loadPosts(db, rows, { preview: false }) };
    const { items, nextCursor } = cursors.page(scope, rows, page.limit, posts.postKey[sort]);
    return { posts: await posts.loadPosts(db, items, { preview: true, viewerId }), nextCursor };
  };

  app.get(
    '/',
    {
      schema: { querystring: PostListQuery, response: { 200: PostsReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    (request) => listReply(request.query, request.viewer?.id),
  );

  app.get(
    '/user/:username',
    {
      schema: {
        params: Type.Object({ username: Type.String() }),
        querystring: PostListQuery,
        response: { 200: PostsReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    async (request) => {
      const author = await findUserByUsername(db, request.params.username);
      if (!author) throw notFound(Messages.userNotFound(request.params.username));
      return listReply(request.query, request.viewer?.id, author.id);
    },
  );

  app.get(
    '/:postId',
    {
      schema: { params: PostIdParams, response: { 200: PostReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    async (request) => {
      const row = await requirePost(db, request.params.postId);
      const [post] = await posts.loadPosts(db, [row], { preview: false, viewerId: request.viewer?.id });
      return { post: post! };
    },
  );

  for (const kind of ['like', 'dislike'] as const satisfies ReactionKind[]) {
    app.get(
      `/:postId/${kind}s`,
      {
        schema: {
          params: PostIdParams,
          querystring: PageQuery,
          response: { 200: UserSummariesReply, '4xx': ErrorBody },
        },
      },
      async (request) => {
        const { postId } = request.params;
        await requirePost(db, postId);
        const scope = `${kind}s:${postId}`;
        const page = cursors.pageRequest(scope, request.query, ['string', 'string']) ?? {
          limit: Limits.pageSizeDefault,
          after: undefined,
        };
        const rows = await posts.listReactors(db, postId, kind, page);
        const { items, nextCursor } = cursors.page(scope, rows, page.limit, (row) => [
          row.reacted_at,
          row.user_id,
        ]);
        return { users: items.map(toSummary), nextCursor };
      },
    );
  }

  app.post(
    '/',
    {
      schema: {
        body: PostDataBody,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const content = checkContent(request.body.postData.content);
      const now = nowIso();
      const id = newId();
      await posts.insertPost(db, { id, author_id: viewer.id, content, created_at: now, updated_at: now });
      return reply.code(201).send(await changeReply(id, request.query, viewer.id));
    },
  );

  app.post(
    '/edit/:postId',
    {
      schema: {
        params: PostIdParams,
        body: PostDataBody,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const post = await requirePost(db, request.params.postId);
      if (post.author_id !== viewer.id) throw badRequest(Messages.editForeignPost);
      const content = checkContent(request.body.postData.content);
      await posts.updatePostContent(db, post.id, content, nowIso());
      return reply.code(201).send(await changeReply(post.id, request.query, viewer.id));
    },
  );

  app.delete(
    '/:postId',
    {
      schema: {
        params: PostIdParams,
        querystring: ReturnQuery,
        response: { 201: Type.Union([PostsReply, DeletedReply]), '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const post = await requirePost(db, request.params.postId);
      if (post.author_id !== viewer.id) throw badRequest(Messages.deleteForeignPost);
      await posts.deletePost(db, post.id);
      const minimal = wantsChangedOnly(request.query);
      return reply.code(201).send(minimal ? { deleted: post.id } : { posts: await allPosts(db) });
    },
  );

  const reactionRoute = (kind: ReactionKind) =>
    app.post(
      `/${kind}/:postId`,
      {
        schema: {
          params: PostIdParams,
          querystring: ReturnQuery,
          response: { 201: ChangeReply, '4xx': ErrorBody },
        },
        preHandler: app.requireUser,
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const post = await requirePost(db, request.params.postId);
        const now = nowIso();
        const outcome =
          kind === 'like'
            ? await posts.like(db, post.id, viewer.id, now)
            : await posts.dislike(db, post.id, viewer.id, now);
        if (outcome === 'missing') throw notFound(Messages.postNotFound(post.id));
        if (outcome === 'zero') throw badRequest(Messages.likeBelowZero);
        if (outcome === 'already') {
          throw badRequest(kind === 'like' ? Messages.alreadyLiked : Messages.alreadyDisliked);
        }
        return reply.code(201).send(await changeReply(post.id, request.query, viewer.id));
      },
    );
  reactionRoute('like');
  reactionRoute('dislike');
};
