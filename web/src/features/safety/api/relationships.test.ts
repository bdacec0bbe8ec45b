import type { Post, Relationship } from '@sync/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { flattenPages, postKeys, type PostPages } from '../../../entities/posts';
import { clearSession, getSession, setSession, type SessionUser } from '../../../lib/session';
import { fakeApi } from '../../../lib/test/fake-api';
import { safetyKeys, setBlocked, setMuted } from './relationships';

function post(id: string, username: string): Post {
  return {
    _id: id,
    content: `post ${id}`,
    username,
    firstName: username,
    lastName: '',
    avatarURL: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    commentCount: 0,
  };
}

const pages = (...posts: Post[]): PostPages => ({ pages: [{ posts, nextCursor: null }], pageParams: [null] });

const relationship = (patch: Partial<Relationship>): Relationship => ({
  username: 'lena',
  following: false,
  followedBy: false,
  blocking: false,
  blockedBy: false,
  muting: false,
  mutingNotifications: false,
  muteExpiresAt: null,
  showingReposts: true,
  ...patch,
});

const lena = { _id: 'id-lena', username: 'lena', firstName: 'Lena', lastName: 'H', avatarURL: '' };
const me = { _id: 'id-me', username: 'me', following: [lena], followingCount: 1 } as unknown as SessionUser;

afterEach(() => clearSession());

describe('blocking and muting in the cache', () => {
  it('a block takes their posts out of every list at once and ends my follow of them', async () => {
    setSession('token', me);
    const client = new QueryClient();
    client.setQueryData(postKeys.feed('newest'), pages(post('a', 'me'), post('b', 'lena')));
    client.setQueryData(postKeys.timeline, pages(post('b', 'lena'), post('c', 'ada')));
    const api = fakeApi({
      'POST /users/lena/block': () => ({ body: { relationship: relationship({ blocking: true }) } }),
    });
    try {
      await setBlocked(client, 'lena', true);
      expect(flattenPages(client.getQueryData(postKeys.feed('newest'))).map((p) => p._id)).toEqual(['a']);
      expect(flattenPages(client.getQueryData(postKeys.timeline)).map((p) => p._id)).toEqual(['c']);
      expect(client.getQueryData<Relationship>(safetyKeys.relationship('lena'))?.blocking).toBe(true);
      expect(getSession()?.user.following).toEqual([]);
      expect(getSession()?.user.followingCount).toBe(0);
    } finally {
      api.restore();
    }
  });

  it('a mute sends the choice made, and an unmute asks the lists again instead of guessing', async () => {
    const client = new QueryClient();
    client.setQueryData(postKeys.feed('newest'), pages(post('b', 'lena')));
    const api = fakeApi({
      'POST /users/lena/mute': () => ({ body: { relationship: relationship({ muting: true }) } }),
      'DELETE /users/lena/mute': () => ({ body: { relationship: relationship({}) } }),
    });
    try {
      await setMuted(client, 'lena', { notifications: false, durationSeconds: 3600 });
      expect(api.sent.at(-1)?.body).toEqual({ notifications: false, durationSeconds: 3600 });
      expect(flattenPages(client.getQueryData(postKeys.feed('newest')))).toEqual([]);
      await setMuted(client, 'lena', null);
      expect(api.sent.at(-1)).toMatchObject({ method: 'DELETE', body: undefined });
      expect(client.getQueryState(postKeys.feed('newest'))?.isInvalidated).toBe(true);
    } finally {
      api.restore();
    }
  });
});
