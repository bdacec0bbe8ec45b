import { Readable } from 'node:stream';
import {
  ChangePasswordBody,
  ChangePasswordReply,
  DeleteAccountBody,
  DeleteAccountReply,
  ErrorBody,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { claimsFor, viewerOf } from './auth.plugin.js';
import { checkNewPassword, hashPassword, passwordMatches } from '../../platform/auth/passwords.js';
import { Messages, badRequest, notFound } from '../../platform/http/errors.js';
import { findUserById, replacePassword, type UserRow } from '../../data/users.repo.js';
import { deleteAccount } from '../../use-cases/account.js';
import { exportAccount } from '../../use-cases/account-export.js';

/** 400, not 401: the web client reads a 401 as an expired session and signs the user out. */
const wrongPassword = () => badRequest('The current password is not correct.');

async function confirmPassword(user: UserRow, password: string): Promise<void> {
  if (!(await passwordMatches(user.password_hash, password))) throw wrongPassword();
}

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const signedInWithPassword = [app.requireUser, app.limits.passwordChecks];

  app.post(
    '/password',
    {
      schema: { body: ChangePasswordBody, response: { 200: ChangePasswordReply, '4xx': ErrorBody } },
      preHandler: signedInWithPassword,
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { currentPassword, newPassword } = request.body;
      await confirmPassword(viewer, currentPassword);
      checkNewPassword(newPassword);
      const version = await replacePassword(
        db,
        viewer.id,
        viewer.password_hash,
        await hashPassword(newPassword),
      );
      // The hash changed since this request read it: another change won, so this current password is stale.
      if (version === undefined) throw wrongPassword();
      app.endSessions(viewer.id);
      return { encodedToken: app.deps.tokens.sign(claimsFor({ ...viewer, token_version: version })) };
    },
  );

  app.get(
    '/export',
    { schema: { response: { '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request, reply) => {
      // The profile is copied into the answer: read it now, not the row a read may reuse (auth.plugin.ts).
      const viewer = await findUserById(db, viewerOf(request).id);
      if (!viewer) throw notFound(Messages.userNotRegistered);
      const exportedAt = app.deps.clock.now().toISOString();
      const filename = `sync-${viewer.username}-${exportedAt.slice(0, 10)}.json`;
      // The stream is the AccountExport JSON, which the typed reply (for the 4xx schema) cannot express.
      return (reply as FastifyReply)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportAccount(db, viewer, exportedAt)));
    },
  );

  app.post(
    '/delete',
    {
      schema: { body: DeleteAccountBody, response: { 200: DeleteAccountReply, '4xx': ErrorBody } },
      preHandler: signedInWithPassword,
    },
    async (request) => {
      const viewer = viewerOf(request);
      await confirmPassword(viewer, request.body.password);
      await deleteAccount(db, app.dialect, viewer.id);
      app.endSessions(viewer.id);
      return { deleted: true as const };
    },
  );
};
