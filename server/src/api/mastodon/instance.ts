import type { FastifyPluginAsync } from 'fastify';
import type { InstanceConfig } from '../../config.js';
import { instanceView, v1InstanceView } from '../../read/views/mastodon/instance.js';
import * as instance from '../../use-cases/instance.js';
import { urlsFor } from './views.js';

/**
 * The server as apps see it before anyone signs in. Like Mastodon, these answers need no token and
 * read none: an app asks with whatever token it still holds, a stale one too.
 */

export interface InstanceOptions {
  settings: InstanceConfig;
}

/** `/api/v1/instance` (with or without a trailing slash) and its rules. */
export const v1InstanceRoutes: FastifyPluginAsync<InstanceOptions> = async (app, { settings }) => {
  app.get('/', async (request) => {
    const [stats, contact] = await Promise.all([
      instance.statistics(app.deps),
      instance.contactAccount(app.deps),
    ]);
    return v1InstanceView(
      { settings, urls: urlsFor(request), contact },
      { userCount: stats.users, statusCount: stats.posts + stats.comments },
    );
  });

  // Rules come with moderation (the safety issue).
  app.get('/rules', async () => []);
};

/** `/api/v2/instance` */
export const v2InstanceRoutes: FastifyPluginAsync<InstanceOptions> = async (app, { settings }) => {
  app.get('/', async (request) => {
    const [activeMonth, contact] = await Promise.all([
      instance.activeThisMonth(app.deps),
      instance.contactAccount(app.deps),
    ]);
    return instanceView({ settings, urls: urlsFor(request), contact }, activeMonth);
  });
};
