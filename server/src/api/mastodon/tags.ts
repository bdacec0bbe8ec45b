import type { FastifyPluginAsync } from 'fastify';
import { Tag } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import { tagView } from '../../read/views/mastodon/tags.js';
import * as tags from '../../use-cases/mastodon/tags.js';
import { mastodonAccess } from './auth.js';
import { stringParam } from './params.js';
import { urisFor } from '../uris.js';

/** `GET /api/v1/tags/:name`: a tag and its week's use; nobody follows tags on Sync yet. */
export const tagRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/:name',
    { preHandler: mastodonAccess(app, { public: true }), schema: answeredWith(Tag) },
    async (request) =>
      tagView(
        await tags.getTag(app.deps, { name: stringParam(request.params, 'name') ?? '' }),
        urisFor(request),
        { following: false },
      ),
  );
};
