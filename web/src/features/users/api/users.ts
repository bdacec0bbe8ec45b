import type {
  EditableProfile,
  FollowStateReply,
  SuggestionsReply,
  User,
  UserReply,
  UserSummariesReply,
  UserSummary,
} from '@sync/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { setActorFollowed } from '../../../entities/notifications/follow-state';
import { postKeys } from '../../../entities/posts';
import { setFollowing, userKeys, type PeopleListKind } from '../../../entities/users';
import { ApiError, api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';
import { getSession, updateSessionUser } from '../../../lib/session';

export type { PeopleListKind };

export const RECOMMENDED_COUNT = 4;
/** The People page: the most the suggestions route gives. */
export const PEOPLE_PAGE_COUNT = 20;

export function useUser(username: string) {
  return useQuery({
    queryKey: userKeys.detail(username),
    // The preview caps the follower lists (a popular profile has thousands) and says whether I follow them.
    queryFn: async () =>
      (await api<UserReply>(`/users/${encodeURIComponent(username)}`, { query: { preview: 'true' } })).user,
  });
}

export function useSuggestions(limit = RECOMMENDED_COUNT) {
  return useQuery({
    queryKey: userKeys.suggestionList(limit),
    queryFn: async () => (await api<SuggestionsReply>('/users/suggestions', { query: { limit } })).users,
  });
}

function peoplePath(list: PeopleListKind) {
  return 'postId' in list
    ? `/posts/${encodeURIComponent(list.postId)}/${list.kind}`
    : `/users/${encodeURIComponent(list.username)}/${list.kind}`;
}

export function usePeople(list: PeopleListKind) {
  return useInfiniteQuery({
    queryKey: userKeys.people(list),
    queryFn: ({ pageParam }) =>
      api<UserSummariesReply>(peoplePath(list), { query: { limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

function summaryOf(user: UserSummary): UserSummary {
  const { _id, username, firstName, lastName, avatarURL } = user;
  return { _id, username, firstName, lastName, avatarURL };
}

const alreadyDone = (error: Error) =>
  error instanceof ApiError &&
  error.status === 400 &&
  (error.apiMessage === 'User Already following' || error.apiMessage === 'User already not following');

/** One follow state in every cached answer that shows it: people, and follow notifications ("Follow back"). */
function followState(client: QueryClient, userId: string, follows: boolean) {
  setFollowing(client, userId, follows);
  setActorFollowed(client, userId, follows);
}

/**
 * Follow or unfollow. Optimistic: every button for them says the new state at once (`setFollowing`),
 * and the old one again if the server refuses; both profiles' counts and lists follow the small answer.
 */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, follow }: { target: UserSummary; follow: boolean }) =>
      api<FollowStateReply>(`/users/${follow ? 'follow' : 'unfollow'}/${encodeURIComponent(target._id)}`, {
        method: 'POST',
        query: { return: 'minimal' },
      }),
    onMutate: ({ target, follow }) => followState(client, target._id, follow),
    // Refused as already done ("User Already following"), the new state was the server's already.
    onError: (error, { target, follow }) =>
      followState(client, target._id, alreadyDone(error) ? follow : !follow),
    onSuccess: (reply, { target }) => {
      const me = getSession()?.user;
      if (!me) return;
      const targetSummary = summaryOf(target);
      const meSummary = summaryOf(me);
      followState(client, target._id, reply.following);
      client.setQueryData<User>(userKeys.detail(target.username), (user) =>
        user
          ? {
              ...user,
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
      void client.invalidateQueries({ queryKey: userKeys.peopleLists, refetchType: 'none' });
      // Their posts join (or leave) the Following tab.
      void client.invalidateQueries({ queryKey: postKeys.timeline });
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
