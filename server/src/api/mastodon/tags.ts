import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Tag } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import { answeredWith } from './answer-schemas.js';
import { tagView } from '../../read/views/mastodon/tags.js';
import * as tags from '../../use-cases/mastodon/tags.js';
import { mastodonAccess } from './auth.js';
import { urisFor } from '../uris.js';

/** `GET /api/v1/tags/:name`: a tag and its week's use; nobody follows tags on Sync yet. */
export const tagRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:name',
    {
      preHandler: mastodonAccess(app, { public: true }),
      schema: { params: Type.Object({ name: Type.String() }), ...answeredWith(Tag) },
    },
    async (request) =>
      tagView(await tags.getTag(app.deps, { name: request.params.name }), urisFor(request), {
        following: false,
      }),
  );
};
