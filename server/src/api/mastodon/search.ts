import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../platform/http/errors.js';
import { Search } from '@sync/contract/mastodon';
import { tagView } from '../../read/views/mastodon/tags.js';
import { localTargetOf } from '../../platform/uris/uris.js';
import * as search from '../../use-cases/mastodon/search.js';
import * as statuses from '../../use-cases/mastodon/statuses.js';
import * as users from '../../use-cases/mastodon/users.js';
import { accountsFor } from './accounts.js';
import { mastodonAccess } from './auth.js';
import { keyOfStatusId, offsetOf, offsetParams, windowOf, windowParams } from './paging.js';
import { statusesFor } from './views.js';
import { answeredWith } from './answer-schemas.js';
import { urisFor } from '../uris.js';

type Kind = keyof Search;

/** Mastodon's `type` names the kind searched for; without it, every kind is. */
const kinds: Record<string, Kind> = { accounts: 'accounts', statuses: 'statuses', hashtags: 'hashtags' };

/**
 * A URL of one of this server's statuses, profiles or tags is what it shows, as Mastodon resolves a
 * URL it knows: the one status, account or tag, or nothing when it names nothing (any more).
 */
async function resolved(request: FastifyRequest, q: string): Promise<Partial<Search> | undefined> {
  const { deps } = request.server;
  const target = localTargetOf(urisFor(request), q);
  if (!target) return undefined;
  try {
    if (target.kind === 'status') {
      const hydrated = await statuses.getStatus(deps, { id: target.id, viewerId: request.viewer?.id });
      return { statuses: statusesFor(request, hydrated) };
    }
    if (target.kind === 'account') {
      const account = await users.lookupAccount(deps, {
        acct: target.username,
        uris: urisFor(request),
        viewerRole: request.viewer?.role,
      });
      return { accounts: accountsFor(request, [account]) };
    }
    return {
      hashtags: (await search.searchHashtags(deps, { q: target.name, limit: 1, offset: 0 })).map((name) =>
        tagView({ name, history: [] }, urisFor(request)),
      ),
    };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return {};
    throw error;
  }
}

/**
 * `GET /api/v2/search`: Sync's people search (accounts), post search with its operators (statuses:
 * `from:username`, `#tag`, words) and the tags posts have (hashtags, with no history), each a page of
 * `limit` (at most 40), from `offset` when one `type` is asked for. Signed out, `offset` and `resolve`
 * are refused, as Mastodon refuses them.
 */
const SearchQuery = Type.Object({
  ...windowParams,
  ...offsetParams,
  q: Type.String({ default: '' }),
  type: Type.Optional(Type.String()),
  resolve: Type.Optional(Type.Boolean()),
  following: Type.Optional(Type.Boolean()),
  account_id: Type.Optional(Type.String()),
});

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/search',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:search' }),
      schema: { querystring: SearchQuery, ...answeredWith(Search) },
    },
    async (request) => {
      const { query } = request;
      const viewerId = request.viewer?.id;
      if (!viewerId && query.offset)
        throw new HttpError(401, 'Search queries pagination is not supported without authentication');
      if (!viewerId && query.resolve)
        throw new HttpError(
          401,
          'Search queries that resolve remote resources are not supported without authentication',
        );
      const { q, type } = query;
      const maxId = query.max_id || undefined;
      const wanted = (kind: Kind) => type === undefined || type === '' || kinds[type] === kind;
      const page = {
        q,
        limit: windowOf(query).limit,
        offset: type ? offsetOf(query) : 0,
      };
      const found = (await resolved(request, q)) ?? {
        accounts: wanted('accounts')
          ? accountsFor(
              request,
              await search.searchAccounts(deps, {
                ...page,
                uris: urisFor(request),
                viewerId,
                followedBy: viewerId && query.following ? viewerId : undefined,
              }),
            )
          : [],
        statuses: wanted('statuses')
          ? statusesFor(
              request,
              await search.searchStatuses(deps, {
                ...page,
                viewerId,
                accountId: query.account_id || undefined,
                olderThan: maxId === undefined ? undefined : keyOfStatusId(maxId),
              }),
            )
          : [],
        hashtags: wanted('hashtags')
          ? (await search.searchHashtags(deps, page)).map((name) =>
              tagView({ name, history: [] }, urisFor(request)),
            )
          : [],
      };
      return {
        accounts: found.accounts ?? [],
        statuses: found.statuses ?? [],
        hashtags: found.hashtags ?? [],
      } satisfies Search;
    },
  );
};
