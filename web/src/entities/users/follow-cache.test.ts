import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setFollowing } from './follow-cache';
import { userKeys } from './keys';

const person = (id: string, followedBy = false) => ({
  _id: id,
  username: id,
  firstName: 'A',
  lastName: id,
  avatarURL: '',
  viewer: { follows: false, followedBy },
});
const pages = (...users: ReturnType<typeof person>[]) => ({
  pages: [{ users, nextCursor: null }],
  pageParams: [null],
});

describe('setFollowing', () => {
  it('writes one state into every cached answer that shows the person, and leaves the others', () => {
    const client = new QueryClient();
    client.setQueryData(userKeys.detail('ada'), { ...person('ada', true), followers: [] });
    client.setQueryData(
      userKeys.people({ kind: 'followers', username: 'me' }),
      pages(person('ada'), person('bo')),
    );
    client.setQueryData(userKeys.suggestionList(4), [{ ...person('ada'), bio: '' }]);
    client.setQueryData(userKeys.peopleFoundBy('ad'), pages(person('ada')));

    setFollowing(client, 'ada', true);

    expect(client.getQueryData<{ viewer: unknown }>(userKeys.detail('ada'))?.viewer).toEqual({
      follows: true,
      followedBy: true,
    });
    const list = client.getQueryData<ReturnType<typeof pages>>(
      userKeys.people({ kind: 'followers', username: 'me' }),
    );
    expect(list?.pages[0]?.users.map((u) => u.viewer.follows)).toEqual([true, false]);
    expect(
      client.getQueryData<{ viewer: { follows: boolean } }[]>(userKeys.suggestionList(4))?.[0]?.viewer
        .follows,
    ).toBe(true);
    expect(
      client.getQueryData<ReturnType<typeof pages>>(userKeys.peopleFoundBy('ad'))?.pages[0]?.users[0]?.viewer
        .follows,
    ).toBe(true);

    // Taken back (a refusal): every one of them says so again.
    setFollowing(client, 'ada', false);
    expect(
      client.getQueryData<{ viewer: { follows: boolean } }>(userKeys.detail('ada'))?.viewer.follows,
    ).toBe(false);
  });
});
