import type { FastifyPluginAsync } from 'fastify';
import { preferencesView } from '../../read/views/mastodon/preferences.js';
import { mastodonAccess, type Requirement } from './auth.js';
import { AlwaysEmpty, Preferences } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';

/**
 * Answers that are the same for everyone. Lists of what Sync does not have (yet) are valid empty
 * lists, so that apps which load them at start work; each stays behind the token and scope Mastodon
 * asks for it, so an app learns what its token may do here as it would on Mastodon. `public`: no token
 * is read, as Mastodon reads none there.
 */
type EmptyList = [path: string, who: Requirement | 'public'];

const v1EmptyLists: EmptyList[] = [
  ['/custom_emojis', 'public'],
  ['/trends/links', 'public'],
  ['/announcements', { user: true, scope: null }],
  ['/lists', { user: true, scope: 'read:lists' }],
  ['/followed_tags', { user: true, scope: 'read:follows' }],
  ['/conversations', { user: true, scope: 'read:statuses' }],
  // Every Sync account is open: nobody asks to follow, they follow.
  ['/follow_requests', { user: true, scope: 'read:follows' }],
  ['/domain_blocks', { user: true, scope: 'read:blocks' }],
  ['/endorsements', { user: true, scope: 'read:accounts' }],
  ['/featured_tags', { user: true, scope: 'read:accounts' }],
  ['/scheduled_statuses', { user: true, scope: 'read:statuses' }],
];

function emptyLists(lists: readonly EmptyList[]): FastifyPluginAsync {
  return async (app) => {
    for (const [path, who] of lists) {
      const preHandler = who === 'public' ? [] : [mastodonAccess(app, who)];
      app.get(path, { preHandler, schema: answeredWith(AlwaysEmpty) }, async () => []);
    }
  };
}

export const v1FixedAnswers: FastifyPluginAsync = async (app) => {
  await app.register(emptyLists(v1EmptyLists));
  app.get(
    '/preferences',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:accounts' }),
      schema: answeredWith(Preferences),
    },
    async () => preferencesView(),
  );
};
