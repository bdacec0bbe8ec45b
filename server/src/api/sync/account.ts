import { Readable } from 'node:stream';
import {
  ChangePasswordBody,
  ChangePasswordReply,
  DeleteAccountBody,
  DeleteAccountReply,
  ErrorBody,
  OnboardedReply,
  NotificationSettingsBody,
  NotificationSettingsReply,
  PreferencesBody,
  PreferencesReply,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { changePassword, deleteAccount, exportAccount } from '../../use-cases/account.js';
import { viewerOf } from './auth.plugin.js';
import { finishOnboarding } from '../../use-cases/onboarding.js';
import { changePreferences, getPreferences } from '../../use-cases/preferences.js';
import {
  changeNotificationSettings,
  getNotificationSettings,
} from '../../use-cases/notification-settings.js';

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signedInWithPassword = [app.requireUser, app.limits.passwordChecks];

  app.post(
    '/password',
    {
      schema: { body: ChangePasswordBody, response: { 200: ChangePasswordReply, '4xx': ErrorBody } },
      preHandler: signedInWithPassword,
    },
    async (request) => {
      const viewer = viewerOf(request);
      const reply = await changePassword(app.deps, { viewer, body: request.body });
      app.endSessions(viewer.id);
      return reply;
    },
  );

  app.get(
    '/export',
    { schema: { response: { '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request, reply) => {
      const { filename, text } = await exportAccount(app.deps, { viewerId: viewerOf(request).id });
      // The stream is the AccountExport JSON, which the typed reply (for the 4xx schema) cannot express.
      return (reply as FastifyReply)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(text));
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
      const viewer = viewerOf(request);
      await deleteAccount(app.deps, { viewer, password: request.body.password });
      app.endSessions(viewer.id);
      return { deleted: true as const };
    },
  );
};
