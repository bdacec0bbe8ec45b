import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Scope } from '../../platform/auth/scopes.js';
import * as bookmarks from '../../use-cases/mastodon/bookmarks.js';
import * as favourites from '../../use-cases/mastodon/favourites.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { setLinks, windowOf, WindowQuery } from './paging.js';
import { statusesFor } from './views.js';
import { Status } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import { answeredWith } from './answer-schemas.js';

/**
 * The viewer's own lists of statuses: `/api/v1/favourites` (the posts they liked and the comments they
 * voted up) and `/api/v1/bookmarks` (the posts they bookmarked), the latest first. Their order is when
 * the viewer favourited or bookmarked, not the statuses' ids, so their `Link` headers carry Sync's
 * signed cursors, which Mastodon documents as opaque for these lists.
 */
export const viewerListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lists: [path: string, scope: Scope, read: typeof favourites.favouritedStatuses][] = [
    ['/favourites', 'read:favourites', favourites.favouritedStatuses],
    ['/bookmarks', 'read:bookmarks', bookmarks.bookmarkedStatuses],
  ];
  for (const [path, scope, read] of lists) {
    app.get(
      path,
      {
        preHandler: mastodonAccess(app, { user: true, scope }),
        schema: { querystring: WindowQuery, ...answeredWith(Type.Array(Status)) },
      },
      async (request, reply) => {
        const { statuses, bounds } = await read(app.deps, {
          viewerId: mastodonViewer(request).id,
          window: windowOf(request.query),
        });
        setLinks(request, reply, bounds);
        return statusesFor(request, statuses);
      },
    );
  }
};
