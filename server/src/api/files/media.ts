import type { FastifyPluginAsync } from 'fastify';
import * as useCases from '../../use-cases/shared/media.js';
import { sendStoredFile } from '../stored-file.js';
import { loadableFromAnyOrigin } from '../../platform/http/security.js';

/**
 * `/media/<file>`: uploaded images, from whichever store keeps them, so any server process serves any
 * upload. A file's name never changes what it holds (a new image gets a new random key), so it is
 * cached for a year; it is never taken for anything but an image, never runs a script, and streams
 * in parts for a client that asks for a range. Apps on other origins draw it.
 */
export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const file = await useCases.fileToServe(deps, request.params.file);
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .headers(loadableFromAnyOrigin)
      .header('etag', `"${request.params.file}"`);
    if (request.headers['if-none-match'] === `"${request.params.file}"`) return reply.code(304).send();
    return sendStoredFile(deps.media.store, request, reply, file);
  });
};
