import type {
  FollowViewer,
  SearchUsersReply,
  SuggestionsReply,
  User,
  UserSummariesReply,
} from '@sync/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { userKeys } from './keys';

type WithViewer = { _id: string; viewer?: FollowViewer };

function withFollows<T extends WithViewer>(person: T, userId: string, follows: boolean): T {
  if (person._id !== userId) return person;
  return { ...person, viewer: { followedBy: person.viewer?.followedBy ?? false, follows } };
}

function inPages<P extends { users: WithViewer[] }>(
  data: InfiniteData<P> | undefined,
  userId: string,
  follows: boolean,
): InfiniteData<P> | undefined {
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        users: page.users.map((person) => withFollows(person, userId, follows)),
      })),
    }
  );
}

/**
 * Whether the viewer follows someone, written into every cached answer that shows them (their profile,
 * lists of people, suggestions, people found): one state, so a Follow button says the same everywhere
 * (decision 105). The follow mutation writes it before the server answers and writes it back on an error.
 */
export function setFollowing(client: QueryClient, userId: string, follows: boolean) {
  client.setQueriesData<User>(
    { queryKey: userKeys.details },
    (user) => user && withFollows(user, userId, follows),
  );
  client.setQueriesData<SuggestionsReply['users']>({ queryKey: userKeys.suggestions }, (users) =>
    users?.map((person) => withFollows(person, userId, follows)),
  );
  client.setQueriesData<InfiniteData<UserSummariesReply>>({ queryKey: userKeys.peopleLists }, (data) =>
    inPages(data, userId, follows),
  );
  client.setQueriesData<InfiniteData<SearchUsersReply>>({ queryKey: userKeys.peopleFound }, (data) =>
    inPages(data, userId, follows),
  );
}
