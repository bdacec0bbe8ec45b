/** The lists of people the API has: a user's followers and followings, a post's likers. */
export type PeopleListKind =
  { kind: 'followers' | 'following'; username: string } | { kind: 'likes' | 'reposts'; postId: string };

export const userKeys = {
  all: ['users'] as const,
  details: ['users', 'detail'] as const,
  detail: (username: string) => ['users', 'detail', username] as const,
  suggestions: ['users', 'suggestions'] as const,
  suggestionList: (limit: number) => ['users', 'suggestions', limit] as const,
  peopleLists: ['users', 'people'] as const,
  people: (list: PeopleListKind) => ['users', 'people', list] as const,
  /** People search results (the search feature's). */
  peopleFound: ['users', 'search'] as const,
  peopleFoundBy: (q: string) => ['users', 'search', q] as const,
};
