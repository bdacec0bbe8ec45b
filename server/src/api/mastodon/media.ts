import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Empty, MediaAttachment } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import * as media from '../../use-cases/shared/media.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { focusParam, requireUpload, uploadRoute } from '../uploads.js';
import { IdParams } from './request-schemas.js';
import { urisFor } from '../uris.js';
import { hydrateMedia } from '../../read/hydration/media.js';
import { mediaAttachmentView } from '../../read/views/mastodon/media.js';
import type { MediaRecord } from '../../data/media.repo.js';

/**
 * `/api/v1/media` and `/api/v2/media` (https://docs.joinmastodon.org/methods/media/): upload an image,
 * then attach it with `media_ids[]` on a new status. Images are processed before the answer, so v2
 * answers 200 with the `url` set (never 202). A `thumbnail` is taken and ignored: it is for video.
 */
/** An attachment's description and focal point ("x,y"), on upload and on update. */
const MediaBody = Type.Object({
  description: Type.Optional(Type.String()),
  focus: Type.Optional(Type.String()),
});

export const mediaRoutes: FastifyPluginAsyncTypebox<{ version: 1 | 2 }> = async (app, { version }) => {
  const { deps } = app;
  const viewOf = hydrateMedia(deps.media.config.publicUrl);
  const attachment = (request: FastifyRequest, record: MediaRecord) =>
    mediaAttachmentView(viewOf(record), urisFor(request));
  const access = mastodonAccess(app, { user: true, scope: 'write:media' });
  const uploadConfig = uploadRoute(['file', 'thumbnail'], deps.media.config.maxBytes);

  app.post(
    '/',
    // The token and the upload limit are checked before the file is read.
    {
      config: uploadConfig,
      onRequest: [access, app.limits.uploads],
      schema: { body: MediaBody, ...answeredWith(MediaAttachment) },
    },
    async (request) =>
      attachment(
        request,
        await media.uploadMedia(deps, {
          viewerId: mastodonViewer(request).id,
          upload: requireUpload(request, 'file'),
          description: request.body.description,
          focus: focusParam(request.body.focus),
        }),
      ),
  );
  if (version === 2) return;

  app.get(
    '/:id',
    { preHandler: access, schema: { params: IdParams, ...answeredWith(MediaAttachment) } },
    async (request) =>
      attachment(
        request,
        await media.getMedia(deps, { viewerId: mastodonViewer(request).id, id: request.params.id }),
      ),
  );

  app.put(
    '/:id',
    {
      config: uploadConfig,
      onRequest: access,
      schema: { params: IdParams, body: MediaBody, ...answeredWith(MediaAttachment) },
    },
    async (request) =>
      attachment(
        request,
        await media.updateMedia(deps, {
          viewerId: mastodonViewer(request).id,
          id: request.params.id,
          description: request.body.description,
          focus: focusParam(request.body.focus),
        }),
      ),
  );

  app.delete(
    '/:id',
    { preHandler: access, schema: { params: IdParams, ...answeredWith(Empty) } },
    async (request) => {
      await media.deleteMedia(deps, { viewerId: mastodonViewer(request).id, id: request.params.id });
      return {};
    },
  );
};
