import type {
  EditableProfile,
  FollowStateReply,
  SuggestionsReply,
  User,
  UserReply,
  UserSummary,
} from '@sync/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, updateSessionUser, type SessionUser } from '../../../lib/session';

export const RECOMMENDED_COUNT = 4;

export const userKeys = {
  detail: (username: string) => ['users', 'detail', username] as const,
  suggestions: ['users', 'suggestions'] as const,
};

export function useUser(username: string) {
  return useQuery({
    queryKey: userKeys.detail(username),
    // The preview caps the follower lists (a popular profile has thousands) and says whether I follow them.
    queryFn: async () =>
      (await api<UserReply>(`/users/${encodeURIComponent(username)}`, { query: { preview: 'true' } })).user,
  });
}

export function useSuggestions() {
  return useQuery({
    queryKey: userKeys.suggestions,
    queryFn: async () =>
      (await api<SuggestionsReply>('/users/suggestions', { query: { limit: RECOMMENDED_COUNT } })).users,
  });
}

function summaryOf(user: SessionUser | User): UserSummary {
  const { _id, username, firstName, lastName, avatarURL } = user;
  return { _id, username, firstName, lastName, avatarURL };
}

/** Follow or unfollow; both profiles' counts and lists are updated from the small answer. */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, follow }: { target: User; follow: boolean }) =>
      api<FollowStateReply>(`/users/${follow ? 'follow' : 'unfollow'}/${encodeURIComponent(target._id)}`, {
        method: 'POST',
        query: { return: 'minimal' },
      }),
    onSuccess: (reply, { target }) => {
      const me = getSession()?.user;
      if (!me) return;
      const targetSummary = summaryOf(target);
      const meSummary = summaryOf(me);
      client.setQueryData<User>(userKeys.detail(target.username), (user) =>
        user
          ? {
              ...user,
              viewer: { follows: reply.following },
              followerCount: reply.followerCount,
              followers: reply.following
                ? [...user.followers.filter((u) => u._id !== me._id), meSummary]
                : user.followers.filter((u) => u._id !== me._id),
            }
          : user,
      );
      const following = reply.following
        ? [...me.following.filter((u) => u._id !== target._id), targetSummary]
        : me.following.filter((u) => u._id !== target._id);
      client.setQueryData<User>(userKeys.detail(me.username), (user) =>
        user ? { ...user, following, followingCount: reply.followingCount } : user,
      );
      client.setQueryData<SuggestionsReply['users']>(userKeys.suggestions, (users) =>
        reply.following ? users?.filter((u) => u._id !== target._id) : users,
      );
      updateSessionUser({ following, followingCount: reply.followingCount });
    },
  });
}

export function useEditProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (updatedUserData: EditableProfile) =>
      (
        await api<UserReply>('/users/edit', {
          method: 'POST',
          query: { return: 'minimal' },
          body: { updatedUserData },
        })
      ).user,
    onSuccess: (user) => {
      client.setQueryData<User>(userKeys.detail(user.username), (old) => (old ? { ...old, ...user } : user));
      updateSessionUser({
        bio: user.bio,
        links: user.links,
        city: user.city,
        avatarURL: user.avatarURL,
      });
    },
  });
}
