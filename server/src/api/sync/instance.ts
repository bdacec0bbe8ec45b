import {
  DeletedReply,
  EmailDomainBlockBody,
  EmailDomainBlockReply,
  EmailDomainBlocksReply,
  EmailDomainParams,
  ErrorBody,
  IdParams,
  InstanceReply,
  InstanceSettingsBody,
  InstanceSettingsReply,
  RuleBody,
  RuleReply,
  RulesReply,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { InstanceConfig } from '../../config.js';
import * as instance from '../../use-cases/sync/instance.js';
import { viewerOf } from './auth.plugin.js';

export interface InstanceRoutesOptions {
  /** The title and description while the admins have set none (INSTANCE_TITLE, INSTANCE_DESCRIPTION). */
  defaults: InstanceConfig;
}

/**
 * `GET /api/instance`, the About page's data, for anyone; and the admins' pages of the instance
 * (permission `manage_rules_and_settings`): its settings, rules and refused email domains.
 */
export const instanceRoutes: FastifyPluginAsyncTypebox<InstanceRoutesOptions> = async (app, { defaults }) => {
  const { deps } = app;

  app.get('/instance', { schema: { response: { 200: InstanceReply } } }, () =>
    instance.about(deps, defaults),
  );

  app.get(
    '/admin/settings',
    { schema: { response: { 200: InstanceSettingsReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => instance.settingsFor(deps, { actor: viewerOf(request), defaults }),
  );

  app.put(
    '/admin/settings',
    {
      schema: { body: InstanceSettingsBody, response: { 200: InstanceSettingsReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => instance.updateSettings(deps, { actor: viewerOf(request), body: request.body, defaults }),
  );

  app.get(
    '/admin/rules',
    { schema: { response: { 200: RulesReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => instance.rulesFor(deps, { actor: viewerOf(request) }),
  );

  app.post(
    '/admin/rules',
    {
      schema: { body: RuleBody, response: { 201: RuleReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      reply.code(201).send(await instance.createRule(deps, { actor: viewerOf(request), body: request.body })),
  );

  app.put(
    '/admin/rules/:id',
    {
      schema: { params: IdParams, body: RuleBody, response: { 200: RuleReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      instance.editRule(deps, { actor: viewerOf(request), id: request.params.id, body: request.body }),
  );

  app.delete(
    '/admin/rules/:id',
    {
      schema: { params: IdParams, response: { 200: DeletedReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => instance.deleteRule(deps, { actor: viewerOf(request), id: request.params.id }),
  );

  app.get(
    '/admin/email-domain-blocks',
    {
      schema: { response: { 200: EmailDomainBlocksReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => instance.emailDomainBlocksFor(deps, { actor: viewerOf(request) }),
  );

  app.post(
    '/admin/email-domain-blocks',
    {
      schema: { body: EmailDomainBlockBody, response: { 201: EmailDomainBlockReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await instance.blockEmailDomain(deps, { actor: viewerOf(request), domain: request.body.domain }),
        ),
  );

  app.delete(
    '/admin/email-domain-blocks/:domain',
    {
      schema: { params: EmailDomainParams, response: { 200: DeletedReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      instance.unblockEmailDomain(deps, { actor: viewerOf(request), domain: request.params.domain }),
  );
};
