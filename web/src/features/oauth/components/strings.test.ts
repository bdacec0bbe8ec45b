import { describe, expect, it } from 'vitest';
import { scopeDescriptions } from './strings';

describe('scopeDescriptions', () => {
  it('says what each scope allows, in plain words and in order', () => {
    expect(scopeDescriptions(['read', 'write', 'follow', 'push', 'profile'])).toEqual([
      'See your posts, people and notifications',
      'Post, reply, favourite and bookmark for you',
      'Follow and unfollow people',
      'Receive push notifications',
      'See your profile',
    ]);
    expect(scopeDescriptions(['read:bookmarks', 'write:statuses'])).toEqual([
      'See your bookmarks',
      'Post, reply and delete posts for you',
    ]);
  });

  it('says a thing once when several scopes mean it, as the admin scopes do', () => {
    expect(scopeDescriptions(['admin:read', 'admin:write:accounts', 'follow', 'write:follows'])).toEqual([
      'Moderate this server',
      'Follow and unfollow people',
    ]);
  });

  it('shows a scope it has no words for as it is, rather than hide it', () => {
    expect(scopeDescriptions(['read', 'write:telepathy'])).toEqual([
      'See your posts, people and notifications',
      'write:telepathy',
    ]);
  });
});
