import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Suggestion } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import { answeredWith } from './answer-schemas.js';
import { suggestionView } from '../../read/views/mastodon/accounts.js';
import * as users from '../../use-cases/mastodon/users.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { windowOf, WindowQuery } from './paging.js';
import { urisFor } from '../uris.js';

/**
 * `GET /api/v2/suggestions`: the people Sync suggests following (the most followed the viewer does
 * not follow yet), up to `limit` (40, at most 80).
 */
export const suggestionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:accounts' }),
      schema: { querystring: WindowQuery, ...answeredWith(Type.Array(Suggestion)) },
    },
    async (request) => {
      const records = await users.suggestedAccounts(app.deps, {
        viewerId: mastodonViewer(request).id,
        limit: windowOf(request.query, 80, 40).limit,
      });
      return records.map((record) => suggestionView(record, urisFor(request)));
    },
  );
};
