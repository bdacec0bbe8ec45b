import { DeletedReply, ErrorBody, IdParams, MediaReply, MediaUpdateBody, UserReply } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import { acceptMultipart, focusParam, requireUpload, textField, uploadRoute } from '../uploads.js';
import {
  deleteMedia,
  getMedia,
  setProfileImage,
  updateMedia,
  uploadMedia,
} from '../../use-cases/shared/media.js';
import * as useCases from '../../use-cases/sync/media.js';
import { hydrateMedia } from '../../read/hydration/media.js';
import { mediaView } from '../../read/views/sync/media.js';
import { userObject } from '../../use-cases/sync/user-answers.js';

/**
 * `/api/media` (uploads to attach to a post or a comment) and `/api/account/avatar|header`. Files come
 * as multipart/form-data in the field `file`; the sign-in and the upload limit are checked before the
 * file is read (`onRequest`).
 */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const { maxBytes, publicUrl } = deps.media.config;
  const viewOf = hydrateMedia(publicUrl);
  const toReply = (record: Parameters<typeof viewOf>[0]) => ({ media: mediaView(viewOf(record)) });
  await acceptMultipart(app, { files: 0, fields: 20, fieldSize: 16 * 1024, parts: 40 });
  const uploading = [app.requireUser, app.limits.uploads];

  app.post(
    '/media',
    {
      config: uploadRoute(['file'], maxBytes),
      onRequest: uploading,
      schema: { response: { 201: MediaReply, '4xx': ErrorBody } },
    },
    async (request, reply) => {
      const record = await uploadMedia(deps, {
        viewerId: viewerOf(request).id,
        upload: requireUpload(request, 'file'),
        description: textField(request.body, 'description'),
        focus: focusParam(textField(request.body, 'focus')),
      });
      return reply.code(201).send(toReply(record));
    },
  );

  app.get(
    '/media/:id',
    {
      schema: { params: IdParams, response: { 200: MediaReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) =>
      toReply(await getMedia(deps, { viewerId: viewerOf(request).id, id: request.params.id })),
  );

  app.patch(
    '/media/:id',
    {
      schema: { params: IdParams, body: MediaUpdateBody, response: { 200: MediaReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) =>
      toReply(
        await updateMedia(deps, {
          viewerId: viewerOf(request).id,
          id: request.params.id,
          description: request.body.description,
          focus: request.body.focus,
        }),
      ),
  );

  app.delete(
    '/media/:id',
    {
      schema: { params: IdParams, response: { 200: DeletedReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await deleteMedia(deps, { viewerId: viewerOf(request).id, id: request.params.id });
      return { deleted: request.params.id };
    },
  );

  for (const purpose of ['avatar', 'header'] as const) {
    app.put(
      `/account/${purpose}`,
      {
        config: uploadRoute(['file'], maxBytes),
        onRequest: uploading,
        schema: { response: { 200: UserReply, '4xx': ErrorBody } },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const user = await setProfileImage(deps, {
          viewerId: viewer.id,
          purpose,
          upload: requireUpload(request, 'file'),
        });
        return { user: await userObject(deps, user, viewer.id) };
      },
    );
    app.delete(
      `/account/${purpose}`,
      { schema: { response: { 200: UserReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
      async (request) => {
        const viewer = viewerOf(request);
        const user = await useCases.removeProfileImage(deps, { viewerId: viewer.id, purpose });
        return { user: await userObject(deps, user, viewer.id) };
      },
    );
  }
};
