import {
  CommentDataBody,
  CommentReply,
  CommentsReply,
  ErrorBody,
  Limits,
  PageQuery,
  PostsReply,
  ReturnQuery,
  PostIdParams,
  CommentParams,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../auth/auth.plugin.js';
import { wantsChangedOnly } from '../http/reply-shape.js';
import { newId, nowIso } from '../db/ids.js';
import type { VoteKind } from '../db/schema.js';
import { Messages, badRequest, notFound } from '../http/errors.js';
import { checkText } from '../http/text.js';
import { allPosts, postPreview, requirePost } from '../posts/posts.service.js';
import * as comments from './comments.repo.js';

const ChangeReply = Type.Union([PostsReply, CommentReply]);
const checkCommentText = (text: string) =>
  checkText(text, { label: 'Comment', max: Limits.commentText, required: true });

export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, cursors } = app;

  const requireComment = async (postId: string, commentId: string) => {
    await requirePost(db, postId);
    const comment = await comments.findComment(db, postId, commentId);
    if (!comment) throw notFound(Messages.commentNotFound(commentId));
    return comment;
  };

  /** Comment changes answer all posts (the contract) or, with ?return=post|minimal, the post and the comment. */
  const changeReply = async (
    postId: string,
    commentId: string | undefined,
    query: ReturnQuery,
    viewerId: string,
  ) => {
    if (!wantsChangedOnly(query)) return { posts: await allPosts(db) };
    const post = await postPreview(db, postId, viewerId);
    const row = commentId ? await comments.findCommentWithAuthor(db, commentId) : undefined;
    if (!row) return { post };
    const [comment] = await comments.toComments(db, [row]);
    return { post, comment };
  };

  app.get(
    '/:postId',
    {
      schema: {
        params: PostIdParams,
        querystring: PageQuery,
        response: { 200: CommentsReply, '4xx': ErrorBody },
      },
    },
    async (request) => {
      const { postId } = request.params;
      await requirePost(db, postId);
      const scope = `comments:${postId}`;
      const page = cursors.pageRequest(scope, request.query, ['string', 'string']);
      const rows = await comments.listCommentRows(db, postId, page);
      if (!page) return { comments: await comments.toComments(db, rows) };
      const { items, nextCursor } = cursors.page(scope, rows, page.limit, (row) => [row.created_at, row.id]);
      return { comments: await comments.toComments(db, items), nextCursor };
    },
  );

  app.post(
    '/add/:postId',
    {
      schema: {
        params: PostIdParams,
        body: CommentDataBody,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const post = await requirePost(db, request.params.postId);
      const text = checkCommentText(request.body.commentData.text);
      const now = nowIso();
      const id = newId();
      const inserted = await comments.insertComment(db, {
        id,
        post_id: post.id,
        author_id: viewer.id,
        text,
        created_at: now,
        updated_at: now,
      });
      if (!inserted) throw notFound(Messages.postNotFound(post.id));
      return reply.code(201).send(await changeReply(post.id, id, request.query, viewer.id));
    },
  );

  app.post(
    '/edit/:postId/:commentId',
    {
      schema: {
        params: CommentParams,
        body: CommentDataBody,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const comment = await requireComment(request.params.postId, request.params.commentId);
      if (comment.author_id !== viewer.id) throw badRequest(Messages.editForeignComment);
      const text = checkCommentText(request.body.commentData.text);
      await comments.updateCommentText(db, comment.id, text, nowIso());
      return reply.code(201).send(await changeReply(comment.post_id, comment.id, request.query, viewer.id));
    },
  );

  app.post(
    '/delete/:postId/:commentId',
    {
      schema: {
        params: CommentParams,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const post = await requirePost(db, request.params.postId);
      const comment = await requireComment(post.id, request.params.commentId);
      if (comment.author_id !== viewer.id && post.author_id !== viewer.id) {
        throw badRequest(Messages.deleteForeignComment);
      }
      await comments.deleteComment(db, comment);
      return reply.code(201).send(await changeReply(post.id, undefined, request.query, viewer.id));
    },
  );

  const voteRoute = (kind: VoteKind) =>
    app.post(
      `/${kind}vote/:postId/:commentId`,
      {
        schema: {
          params: CommentParams,
          querystring: ReturnQuery,
          response: { 201: ChangeReply, '4xx': ErrorBody },
        },
        preHandler: app.requireUser,
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const comment = await requireComment(request.params.postId, request.params.commentId);
        const outcome = await comments.vote(db, comment, viewer.id, kind, nowIso());
        if (outcome === 'missing') throw notFound(Messages.commentNotFound(comment.id));
        if (outcome === 'already') {
          throw badRequest(kind === 'up' ? Messages.alreadyUpvoted : Messages.alreadyDownvoted);
        }
        return reply.code(201).send(await changeReply(comment.post_id, comment.id, request.query, viewer.id));
      },
    );
  voteRoute('up');
  voteRoute('down');
};
