import type { Post } from '@sync/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postKeys, type PostPages } from './keys';
import {
  flattenPages,
  prependPost,
  removePostFromList,
  removePostsBy,
  setViewer,
  takeFields,
  updatePost,
} from './post-cache';

function post(id: string, likeCount = 0, username = 'maya.chen'): Post {
  return {
    _id: id,
    content: `post ${id}`,
    username,
    firstName: 'Maya',
    lastName: 'Chen',
    avatarURL: '',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    likes: { likeCount, likedBy: [], dislikedBy: [] },
    comments: [],
    commentCount: 0,
    viewer: { liked: false, disliked: false, bookmarked: false },
  };
}

function pages(...lists: Post[][]): PostPages {
  return {
    pages: lists.map((posts, i) => ({ posts, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
    pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}

describe('post cache helpers', () => {
  it('updates one post in every cached list and in its detail entry', () => {
    const client = new QueryClient();
    client.setQueryData(postKeys.feed('newest'), pages([post('a'), post('b')], [post('c')]));
    client.setQueryData(postKeys.user('maya.chen'), pages([post('c')]));
    client.setQueryData(postKeys.detail('c'), post('c'));

    updatePost(client, 'c', (p) => ({ ...p, likes: { ...p.likes, likeCount: 7 } }));

    const feed = client.getQueryData<PostPages>(postKeys.feed('newest'));
    expect(flattenPages(feed).map((p) => p.likes.likeCount)).toEqual([0, 0, 7]);
    expect(flattenPages(client.getQueryData(postKeys.user('maya.chen')))[0]?.likes.likeCount).toBe(7);
    expect(client.getQueryData<Post>(postKeys.detail('c'))?.likes.likeCount).toBe(7);
  });

  it('prepends a new post to a loaded list only, without duplicating it', () => {
    const client = new QueryClient();
    client.setQueryData(postKeys.feed('newest'), pages([post('a')]));
    prependPost(client, postKeys.feed('newest'), post('z'));
    prependPost(client, postKeys.feed('newest'), post('z'));
    prependPost(client, postKeys.bookmarks, post('z'));
    expect(flattenPages(client.getQueryData(postKeys.feed('newest'))).map((p) => p._id)).toEqual(['z', 'a']);
    expect(client.getQueryData(postKeys.bookmarks)).toBeUndefined();
  });

  it('removes a post from every list', () => {
    const client = new QueryClient();
    client.setQueryData(postKeys.feed('newest'), pages([post('a'), post('b')]));
    client.setQueryData(postKeys.bookmarks, pages([post('a')]));
    removePostFromList(client, postKeys.lists, 'a');
    expect(flattenPages(client.getQueryData(postKeys.feed('newest'))).map((p) => p._id)).toEqual(['b']);
    expect(flattenPages(client.getQueryData(postKeys.bookmarks))).toEqual([]);
  });

  it("removes someone's posts from every list, leaving a post's own entry", () => {
    const client = new QueryClient();
    const theirs = post('b', 0, 'lena.hoffmann');
    client.setQueryData(postKeys.feed('newest'), pages([post('a'), theirs], [post('c', 0, 'lena.hoffmann')]));
    client.setQueryData(postKeys.user('lena.hoffmann'), pages([theirs]));
    client.setQueryData(postKeys.detail('b'), theirs);
    removePostsBy(client, 'lena.hoffmann', { keepTheirProfile: false });
    expect(flattenPages(client.getQueryData(postKeys.feed('newest'))).map((p) => p._id)).toEqual(['a']);
    expect(flattenPages(client.getQueryData(postKeys.user('lena.hoffmann')))).toEqual([]);
    expect(client.getQueryData<Post>(postKeys.detail('b'))?._id).toBe('b');
  });

  it("after a mute, someone's posts stay in their own profile's lists and leave every other", () => {
    const client = new QueryClient();
    const theirs = post('b', 0, 'lena.hoffmann');
    client.setQueryData(postKeys.feed('newest'), pages([post('a'), theirs]));
    client.setQueryData(postKeys.user('lena.hoffmann'), pages([theirs]));
    client.setQueryData([...postKeys.user('lena.hoffmann'), 'all'], pages([theirs]));
    removePostsBy(client, 'lena.hoffmann', { keepTheirProfile: true });
    expect(flattenPages(client.getQueryData(postKeys.feed('newest'))).map((p) => p._id)).toEqual(['a']);
    expect(flattenPages(client.getQueryData(postKeys.user('lena.hoffmann'))).map((p) => p._id)).toEqual([
      'b',
    ]);
    expect(
      flattenPages(client.getQueryData([...postKeys.user('lena.hoffmann'), 'all'])).map((p) => p._id),
    ).toEqual(['b']);
  });

  it('takes only the named fields from an answer, so a stale bookmark flag is not taken', () => {
    const cached = setViewer(post('a'), { bookmarked: true });
    const answer = { ...post('a', 3), content: 'edited' };
    const merged = takeFields(answer, ['likes'])(cached);
    expect(merged.likes.likeCount).toBe(3);
    expect(merged.content).toBe('post a');
    expect(merged.viewer?.bookmarked).toBe(true);
  });

  it('lists each post once even when pages overlap', () => {
    expect(flattenPages(pages([post('a'), post('b')], [post('b'), post('c')])).map((p) => p._id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
