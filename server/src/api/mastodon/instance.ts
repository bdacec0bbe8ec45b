import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { Instance, Rule, V1Instance } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import type { InstanceConfig } from '../../config.js';
import { instanceView, rulesView, v1InstanceView } from '../../read/views/mastodon/instance.js';
import * as instance from '../../use-cases/mastodon/instance.js';
import { rules } from '../../use-cases/shared/instance.js';
import { urisFor } from '../uris.js';

/**
 * The server as apps see it before anyone signs in. Like Mastodon, these answers need no token and
 * read none: an app asks with whatever token it still holds, a stale one too.
 */

export interface InstanceOptions {
  /** The title and description while the admins have set none (INSTANCE_TITLE, INSTANCE_DESCRIPTION). */
  settings: InstanceConfig;
}

/** `/api/v1/instance` (with or without a trailing slash) and its rules. */
export const v1InstanceRoutes: FastifyPluginAsync<InstanceOptions> = async (app, { settings }) => {
  app.get('/', { schema: answeredWith(V1Instance) }, async (request) => {
    const [stats, facts] = await Promise.all([
      instance.statistics(app.deps),
      instance.mastodonFacts(app.deps, settings),
    ]);
    return v1InstanceView(
      { ...facts, urls: urisFor(request) },
      { userCount: stats.users, statusCount: stats.posts + stats.comments },
    );
  });

  app.get('/rules', { schema: answeredWith(Type.Array(Rule)) }, async () => rulesView(await rules(app.deps)));
};

/** `/api/v2/instance` */
export const v2InstanceRoutes: FastifyPluginAsync<InstanceOptions> = async (app, { settings }) => {
  app.get('/', { schema: answeredWith(Instance) }, async (request) => {
    const [activeMonth, facts] = await Promise.all([
      instance.activeThisMonth(app.deps),
      instance.mastodonFacts(app.deps, settings),
    ]);
    return instanceView({ ...facts, urls: urisFor(request) }, activeMonth);
  });
};
