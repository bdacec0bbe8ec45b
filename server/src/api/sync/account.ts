import { Readable } from 'node:stream';
import {
  AccountListParams,
  ChangePasswordBody,
  ChangePasswordReply,
  DeleteAccountBody,
  DeleteAccountReply,
  ErrorBody,
  ImportBody,
  ImportReply,
  OnboardedReply,
  NotificationSettingsBody,
  NotificationSettingsReply,
  PreferencesBody,
  PreferencesReply,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { changePassword, deleteAccount, exportAccount, exportArchive } from '../../use-cases/sync/account.js';
import { viewerOf } from './auth.plugin.js';
import { acceptMultipart, uploadIn, uploadRoute } from '../uploads.js';
import { urisFor } from '../uris.js';
import { HttpError } from '../../platform/http/errors.js';
import { exportList, importList } from '../../use-cases/sync/account-lists.js';
import { finishOnboarding } from '../../use-cases/sync/onboarding.js';
import { changePreferences, getPreferences } from '../../use-cases/shared/preferences.js';
import {
  changeNotificationSettings,
  getNotificationSettings,
} from '../../use-cases/shared/notification-settings.js';

/** The largest CSV file an import takes (Mastodon's exports of a few thousand rows are far smaller). */
const importMaxBytes = 1024 * 1024;

/** A download the browser saves under `filename`, streamed as it is written. */
const download = (reply: FastifyReply, type: string, filename: string, body: Readable) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signedInWithPassword = [app.requireUser, app.limits.passwordChecks];
  // Only the import takes a file; the other routes take none.
  await acceptMultipart(app, { files: 0, fields: 20, fieldSize: 16 * 1024, parts: 40 });

  app.post(
    '/password',
    {
      schema: { body: ChangePasswordBody, response: { 200: ChangePasswordReply, '4xx': ErrorBody } },
      preHandler: signedInWithPassword,
    },
    (request) => changePassword(app.deps, { viewer: viewerOf(request), body: request.body }),
  );

  app.get(
    '/export',
    { schema: { response: { '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { filename, text } = await exportAccount(app.deps, { viewerId: viewerOf(request).id });
      // The stream is the AccountExport JSON, which the typed reply (for the 4xx schema) cannot express.
      return download(
        reply as FastifyReply,
        'application/json; charset=utf-8',
        filename,
        Readable.from(text),
      );
    },
  );

  app.get(
    '/archive',
    { schema: { response: { '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { filename, bytes } = await exportArchive(app.deps, { viewerId: viewerOf(request).id });
      // The stream is a ZIP file, which the typed reply (for the 4xx schema) cannot express.
      return download(reply as FastifyReply, 'application/zip', filename, Readable.from(bytes));
    },
  );

  app.get(
    '/export/:list',
    { schema: { params: AccountListParams, response: { '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { filename, text } = await exportList(app.deps, {
        viewerId: viewerOf(request).id,
        list: request.params.list,
        uris: urisFor(request),
      });
      // The stream is CSV text, which the typed reply (for the 4xx schema) cannot express.
      return download(reply as FastifyReply, 'text/csv; charset=utf-8', filename, Readable.from(text));
    },
  );

  app.post(
    '/import',
    {
      config: uploadRoute(['data'], importMaxBytes, 'Split the CSV file into smaller ones and import each.'),
      onRequest: [app.requireUser, app.limits.imports],
      schema: { body: ImportBody, response: { 200: ImportReply, '4xx': ErrorBody } },
    },
    async (request) => {
      const upload = uploadIn(request, 'data');
      if (!upload)
        throw new HttpError(
          422,
          'Choose the CSV file to import: send it as multipart/form-data in the field "data".',
        );
      return importList(app.deps, {
        viewerId: viewerOf(request).id,
        list: request.body.type,
        mode: request.body.mode ?? 'merge',
        bytes: upload.bytes,
        uris: urisFor(request),
      });
    },
  );

  app.get(
    '/preferences',
    { schema: { response: { 200: PreferencesReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => getPreferences(app.deps, { viewerId: viewerOf(request).id }),
  );

  app.put(
    '/preferences',
    {
      schema: { body: PreferencesBody, response: { 200: PreferencesReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => changePreferences(app.deps, { viewerId: viewerOf(request).id, body: request.body }),
  );

  app.get(
    '/notification-settings',
    {
      schema: { response: { 200: NotificationSettingsReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => getNotificationSettings(app.deps, { viewerId: viewerOf(request).id }),
  );

  app.put(
    '/notification-settings',
    {
      schema: {
        body: NotificationSettingsBody,
        response: { 200: NotificationSettingsReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    (request) => changeNotificationSettings(app.deps, { viewerId: viewerOf(request).id, body: request.body }),
  );

  app.post(
    '/onboarding',
    { schema: { response: { 200: OnboardedReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => finishOnboarding(app.deps, { viewerId: viewerOf(request).id }),
  );

  app.post(
    '/delete',
    {
      schema: { body: DeleteAccountBody, response: { 200: DeleteAccountReply, '4xx': ErrorBody } },
      preHandler: signedInWithPassword,
    },
    async (request) => {
      await deleteAccount(app.deps, { viewer: viewerOf(request), password: request.body.password });
      return { deleted: true as const };
    },
  );
};
