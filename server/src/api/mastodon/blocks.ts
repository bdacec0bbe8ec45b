import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Account } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import * as blocks from '../../use-cases/mastodon/blocks.js';
import { accountsFor } from './accounts.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { setLinks, windowOf, WindowQuery } from './paging.js';
import { answeredWith } from './answer-schemas.js';

/**
 * `GET /api/v1/blocks`: the accounts the viewer blocked, the latest block first (blocking and
 * unblocking are under /accounts/:id). Its `Link` header carries Sync's signed cursors, as Mastodon's
 * carries the ids of its block records: opaque to apps either way.
 */
export const blockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/blocks',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:blocks' }),
      schema: { querystring: WindowQuery, ...answeredWith(Type.Array(Account)) },
    },
    async (request, reply) => {
      const { accounts, bounds } = await blocks.blockedAccounts(app.deps, {
        viewerId: mastodonViewer(request).id,
        window: windowOf(request.query, 80, 40),
      });
      setLinks(request, reply, bounds);
      return accountsFor(request, accounts);
    },
  );
};
