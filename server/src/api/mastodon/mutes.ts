import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MutedAccount } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import * as mutes from '../../use-cases/mastodon/mutes.js';
import { accountView } from '../../read/views/mastodon/accounts.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { setLinks, windowOf, WindowQuery } from './paging.js';
import { answeredWith } from './answer-schemas.js';
import { urisFor } from '../uris.js';

/**
 * `GET /api/v1/mutes`: the accounts the viewer muted, the latest mute first, each with `mute_expires_at`
 * as Mastodon adds it there (muting and unmuting are under /accounts/:id). Its `Link` header carries
 * Sync's signed cursors, opaque to apps as Mastodon's are.
 */
export const muteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mutes',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:mutes' }),
      schema: { querystring: WindowQuery, ...answeredWith(Type.Array(MutedAccount)) },
    },
    async (request, reply) => {
      const { muted, bounds } = await mutes.mutedAccounts(app.deps, {
        viewerId: mastodonViewer(request).id,
        window: windowOf(request.query, 80, 40),
      });
      setLinks(request, reply, bounds);
      const urls = urisFor(request);
      return muted.map(({ account, expiresAt }): MutedAccount => ({
        ...accountView(account, urls),
        mute_expires_at: expiresAt,
      }));
    },
  );
};
