import {
  BookmarkStateReply,
  BookmarksReply,
  ErrorBody,
  PageQuery,
  PostIdParams,
  ReturnQuery,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../auth/auth.plugin.js';
import { wantsChangedOnly } from '../http/reply-shape.js';
import { nowIso } from '../db/ids.js';
import { Messages, badRequest, notFound } from '../http/errors.js';
import { loadPosts } from '../posts/posts.repo.js';
import { requirePost } from '../posts/posts.service.js';
import * as bookmarks from './bookmarks.repo.js';

const ChangeReply = Type.Union([BookmarksReply, BookmarkStateReply]);

export const bookmarkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, cursors } = app;

  app.get(
    '/bookmark',
    {
      schema: { querystring: PageQuery, response: { 200: BookmarksReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const viewer = viewerOf(request);
      const scope = `bookmarks:${viewer.id}`;
      const page = cursors.pageRequest(scope, request.query, ['string', 'string']);
      if (!page) return { bookmarks: await bookmarks.loadAllBookmarks(db, viewer.id) };
      const rows = await bookmarks.listBookmarkedRows(db, viewer.id, page);
      const { items, nextCursor } = cursors.page(scope, rows, page.limit, (row) => [
        row.bookmarked_at,
        row.id,
      ]);
      return { bookmarks: await loadPosts(db, items, { preview: true, viewerId: viewer.id }), nextCursor };
    },
  );

  const changeRoute = (path: string, change: 'add' | 'remove') =>
    app.post(
      `/${path}/:postId`,
      {
        schema: {
          params: PostIdParams,
          querystring: ReturnQuery,
          response: { 200: ChangeReply, '4xx': ErrorBody },
        },
        preHandler: app.requireUser,
      },
      async (request) => {
        const viewer = viewerOf(request);
        const post = await requirePost(db, request.params.postId);
        if (change === 'add') {
          const outcome = await bookmarks.addBookmark(db, viewer.id, post.id, nowIso());
          if (outcome === 'missing') throw notFound(Messages.postNotFound(post.id));
          if (outcome === 'already') throw badRequest(Messages.alreadyBookmarked);
        } else if ((await bookmarks.removeBookmark(db, viewer.id, post.id)) === 'missing') {
          throw badRequest(Messages.notBookmarked);
        }
        if (wantsChangedOnly(request.query)) {
          return { postId: post.id, bookmarked: change === 'add' };
        }
        return { bookmarks: await bookmarks.loadAllBookmarks(db, viewer.id) };
      },
    );
  changeRoute('bookmark', 'add');
  changeRoute('remove-bookmark', 'remove');
};
