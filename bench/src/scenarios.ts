import type autocannon from 'autocannon';
import { benchPassword } from './dataset.js';
import { rareWord } from './text.js';
import { benchPostText, type BenchUser, type Fixture } from './fixture.js';

export type ScenarioKind = 'baseline' | 'read' | 'write' | 'login';

export interface Scenario {
  name: string;
  kind: ScenarioKind;
  /** What a "request" is, when not obvious (reported under the table). */
  note?: string;
  /** The requests one connection sends, in a loop. `connection` numbers the connections from 0. */
  requestsFor(connection: number): autocannon.Request[];
  /** Each 2xx answer promises one new row in this table: checked by counting before and after. */
  createsRowsIn?: 'posts' | 'comments' | 'edit_history';
  /** Run just before the scenario (after the ones before it): what it needs of the data as they left it. */
  prepare?: () => Promise<void>;
  /** Why this server cannot run it (a `bench:compare` base without the Mastodon API): skipped, and said so. */
  unavailable?: string;
  /**
   * The page this one is held to, with the same data: its CPU per request may be at most `costAtMost`
   * times that page's (a Mastodon page against Sync's own, 1.25: issue 25; a viewer with blocks and
   * mutes against one with none, 1.15: issue 26; the home feed with images against the same page
   * without, 1.1: issue 27; an edit against a create, 1.5, and the Following timeline with 30% reposts
   * against the same page without, 1.2: issue 28).
   */
  equivalentOf?: string;
  costAtMost?: number;
}

const json = { 'content-type': 'application/json' };

/**
 * The posts each bench user edits: a scenario of 10 s edits tens of thousands of times, so spread over
 * 20,000 posts each is edited a few times (a few versions in its history), as people edit posts.
 */
const postsToEditPerUser = 400;

/** Cycles through `items`, each connection starting at its own offset. */
function cycle<T>(items: readonly T[], connection: number): () => T {
  let next = (connection * 7919) % items.length;
  return () => {
    const item = items[next]!;
    next = (next + 1) % items.length;
    return item;
  };
}

/** A page read by one particular user on every connection (the heaviest case of a page). */
function asOneUser(name: string, who: string, user: BenchUser, path: string): Scenario {
  return {
    name,
    kind: 'read',
    note: `${who}, on every connection`,
    requestsFor: () => [{ method: 'GET', path, headers: { authorization: user.token } }],
  };
}

const homeFeed = 'home feed: GET /api/posts?limit=20';
const followingTimeline = 'following timeline: GET /api/timeline?limit=20';
const fullPost = 'full post: GET /api/posts/:postId';
const createPost = 'create post: POST /api/posts?return=post';
const notifications = 'notifications: GET /api/notifications?limit=20';

export const baselineScenario: Scenario = {
  name: 'baseline: bare Fastify, 2 KB JSON',
  kind: 'baseline',
  requestsFor: () => [{ method: 'GET', path: '/baseline' }],
};

/**
 * The server's scenarios: reads, writes (one distinct user per connection), login, then the two unbounded
 * contract reads, whose heavy answers are kept last.
 */
export function serverScenarios(fixture: Fixture): Scenario[] {
  /** Each bench user's posts for the edit scenario, found when it starts (its `prepare`). */
  let postsToEdit: string[][] = [];
  const auth = (connection: number) => ({
    authorization: fixture.users[connection % fixture.users.length]!.token,
  });
  const { mastodon } = fixture;
  /** The same bench user's Mastodon access token (an empty header where the scenario is unavailable). */
  const mastodonAuth = (connection: number) => ({
    authorization: mastodon.available
      ? mastodon.authorizations[connection % mastodon.authorizations.length]!
      : '',
  });
  const mastodonScenario = (scenario: Scenario): Scenario =>
    mastodon.available ? scenario : { ...scenario, unavailable: mastodon.reason };
  const { guarded } = fixture;
  const twinsOf = (set: 'plain' | 'guarded') => (connection: number) =>
    guarded.available ? guarded[set][connection % guarded[set].length]!.token : '';
  /**
   * A page read by the bench users' twins with 1,000 blocks and 1,000 mutes each, held to the same page
   * read by their twins with none (the same follows, the same data).
   */
  const guardedScenarios = (page: string, path: string): Scenario[] => {
    const plain = `${page.split(':')[0]}, twins without blocks or mutes: GET ${path}`;
    const unavailable = guarded.available ? {} : { unavailable: guarded.reason };
    return [
      {
        name: plain,
        kind: 'read',
        note: 'new accounts that follow whom the bench users follow, one per bench user',
        requestsFor: (connection) => [
          { method: 'GET', path, headers: { authorization: twinsOf('plain')(connection) } },
        ],
        ...unavailable,
      },
      {
        name: `${page.split(':')[0]}, twins with 1,000 blocks and 1,000 mutes: GET ${path}`,
        kind: 'read',
        note: 'the same twins, each blocking and muting 50 members and 950 accounts that never post',
        equivalentOf: plain,
        costAtMost: 1.15,
        requestsFor: (connection) => [
          { method: 'GET', path, headers: { authorization: twinsOf('guarded')(connection) } },
        ],
        ...unavailable,
      },
    ];
  };
  const { photoTwins } = fixture;
  const photosUnavailable = photoTwins.available ? {} : { unavailable: photoTwins.reason };
  const plainFeed = 'home feed, photo twins without images: GET /api/posts?limit=20&cursor=…';
  /**
   * The home feed's page of 20 posts with 1–4 images each, held to the same page without (issue 27):
   * images are static files, so a page that names them should cost little more than one that does not.
   */
  const photoScenarios: Scenario[] = [
    {
      name: plainFeed,
      kind: 'read',
      note: 'a copy of the first page of the home feed at its old end, read through a cursor',
      requestsFor: (connection) => [
        {
          method: 'GET',
          path: photoTwins.available ? photoTwins.plainPath : '',
          headers: auth(connection),
        },
      ],
      ...photosUnavailable,
    },
    {
      name: 'home feed, photo twins with 1–4 images each: GET /api/posts?limit=20&cursor=…',
      kind: 'read',
      note: 'the same copy again, every post with 1–4 images (alt text on most), read through a cursor',
      equivalentOf: plainFeed,
      costAtMost: 1.1,
      requestsFor: (connection) => [
        {
          method: 'GET',
          path: photoTwins.available ? photoTwins.photosPath : '',
          headers: auth(connection),
        },
      ],
      ...photosUnavailable,
    },
  ];
  const { repostTwins } = fixture;
  const plainTimeline = 'following timeline, repost twins without reposts: GET /api/timeline?limit=20';
  /** The repost twin's page, or the plain one's, on every connection (one account each, as photo twins). */
  const asRepostTwin = (twin: 'plain' | 'reposts') => () => [
    {
      method: 'GET' as const,
      path: '/api/timeline?limit=20',
      headers: { authorization: repostTwins.available ? repostTwins[twin].token : '' },
    },
  ];
  const repostsUnavailable = repostTwins.available ? {} : { unavailable: repostTwins.reason };
  /**
   * The Following timeline's page with 6 of its 20 posts reposts by followed people, held to the same
   * page of posts by followed authors (issue 28): a repost is one more row to merge and a summary of who
   * reposted it, not a dearer page.
   */
  const repostScenarios: Scenario[] = [
    {
      name: plainTimeline,
      kind: 'read',
      note: "an account following the 20 authors of a copy of the home feed's first page, on every connection",
      requestsFor: asRepostTwin('plain'),
      ...repostsUnavailable,
    },
    {
      name: 'following timeline, repost twins with 30% reposts: GET /api/timeline?limit=20',
      kind: 'read',
      note: 'the same page for an account following 14 of those authors and 6 people who reposted the other 6 posts',
      equivalentOf: plainTimeline,
      costAtMost: 1.2,
      requestsFor: asRepostTwin('reposts'),
      ...repostsUnavailable,
    },
  ];
  const profilePages =
    (usernames: string[]) =>
    (connection: number): autocannon.Request[] => {
      const nextUser = cycle(usernames, connection);
      let username = usernames[0]!;
      return [
        {
          method: 'GET',
          headers: auth(connection),
          setupRequest: (request) => {
            username = nextUser();
            return { ...request, path: `/api/users/${username}` };
          },
        },
        {
          method: 'GET',
          headers: auth(connection),
          setupRequest: (request) => ({ ...request, path: `/api/posts/user/${username}?limit=20` }),
        },
      ];
    };
  /** A page of each of `ids` in turn, one request at a time. */
  const pagesOf =
    (ids: readonly string[], pathOf: (id: string) => string, headersOf = auth) =>
    (connection: number): autocannon.Request[] => {
      const nextId = cycle(ids, connection);
      return [
        {
          method: 'GET',
          headers: headersOf(connection),
          setupRequest: (request) => ({ ...request, path: pathOf(nextId()) }),
        },
      ];
    };
  const postPage = (pathOf: (postId: string) => string, headersOf = auth) =>
    pagesOf(fixture.postIds, pathOf, headersOf);

  return [
    {
      name: homeFeed,
      kind: 'read',
      requestsFor: (connection) => [
        { method: 'GET', path: '/api/posts?limit=20', headers: auth(connection) },
      ],
    },
    ...guardedScenarios(homeFeed, '/api/posts?limit=20'),
    ...photoScenarios,
    {
      name: 'trending: GET /api/posts?limit=20&sort=trending',
      kind: 'read',
      requestsFor: (connection) => [
        { method: 'GET', path: '/api/posts?limit=20&sort=trending', headers: auth(connection) },
      ],
    },
    {
      name: 'post page: GET /api/comments/:postId?limit=20',
      kind: 'read',
      note: 'the first 20 comments of a post (random posts and the most commented ones)',
      requestsFor: postPage((postId) => `/api/comments/${postId}?limit=20`),
    },
    {
      name: 'profile: GET /api/users/:username + /api/posts/user/:username?limit=20',
      kind: 'read',
      note: 'random users; two requests per page, req/s counts requests',
      requestsFor: profilePages(fixture.usernames),
    },
    mastodonScenario({
      name: 'mastodon account statuses: GET /api/v1/accounts/:id/statuses?limit=20',
      kind: 'read',
      note: "the same random users' statuses as a Mastodon app reads a profile (the bench users' tokens)",
      requestsFor: pagesOf(fixture.userIds, (id) => `/api/v1/accounts/${id}/statuses?limit=20`, mastodonAuth),
    }),
    {
      name: followingTimeline,
      kind: 'read',
      note: 'the bench users (typical members): the people they follow and their own posts',
      requestsFor: (connection) => [
        { method: 'GET', path: '/api/timeline?limit=20', headers: auth(connection) },
      ],
    },
    ...guardedScenarios(followingTimeline, '/api/timeline?limit=20'),
    ...repostScenarios,
    mastodonScenario({
      name: 'mastodon home: GET /api/v1/timelines/home?limit=20',
      kind: 'read',
      note: 'the Following timeline of the same users, as a Mastodon app reads it (an OAuth access token each)',
      equivalentOf: followingTimeline,
      requestsFor: (connection) => [
        { method: 'GET', path: '/api/v1/timelines/home?limit=20', headers: mastodonAuth(connection) },
      ],
    }),
    asOneUser(
      'following timeline, 2,000 followees: GET /api/timeline?limit=20',
      `the user who follows the number of people closest to 2,000 (${fixture.heavyFollower.username})`,
      fixture.heavyFollower,
      '/api/timeline?limit=20',
    ),
    asOneUser(
      notifications,
      `the most notified user (${fixture.mostNotified.username})`,
      fixture.mostNotified,
      '/api/notifications?limit=20',
    ),
    mastodonScenario({
      name: 'mastodon notifications: GET /api/v1/notifications?limit=20',
      kind: 'read',
      note: "the same user's notifications as a Mastodon app reads them (an OAuth access token), on every connection",
      equivalentOf: notifications,
      requestsFor: () => [
        {
          method: 'GET',
          path: '/api/v1/notifications?limit=20',
          headers: { authorization: mastodon.available ? mastodon.mostNotified : '' },
        },
      ],
    }),
    {
      name: 'search, common word: GET /api/search?q=coffee&limit=20',
      kind: 'read',
      requestsFor: (connection) => [
        { method: 'GET', path: '/api/search?q=coffee&limit=20', headers: auth(connection) },
      ],
    },
    {
      name: `search, rare word: GET /api/search?q=${rareWord}&limit=20`,
      kind: 'read',
      note: 'a word in one post in 20,000',
      requestsFor: (connection) => [
        { method: 'GET', path: `/api/search?q=${rareWord}&limit=20`, headers: auth(connection) },
      ],
    },
    {
      name: 'like/dislike: POST /api/posts/like|dislike/:id?return=post',
      kind: 'write',
      note: 'the contract has no unlike: each user likes then dislikes one popular post, in turn',
      requestsFor: (connection) => {
        const plan = fixture.reactionPlans[connection % fixture.reactionPlans.length]!;
        const order =
          plan.startWith === 'like' ? (['like', 'dislike'] as const) : (['dislike', 'like'] as const);
        return order.map((kind) => ({
          method: 'POST',
          path: `/api/posts/${kind}/${plan.postId}?return=post`,
          headers: auth(connection),
        }));
      },
    },
    {
      name: createPost,
      kind: 'write',
      createsRowsIn: 'posts',
      requestsFor: (connection) => [
        {
          method: 'POST',
          path: '/api/posts?return=post',
          headers: { ...auth(connection), ...json },
          body: JSON.stringify({ postData: { content: benchPostText(connection) } }),
        },
      ],
    },
    {
      name: 'edit post: POST /api/posts/edit/:postId?return=post',
      kind: 'write',
      note:
        `each user edits their own posts that the bench wrote, ${postsToEditPerUser} each, the least recently ` +
        'changed first (made first if the create scenario has not), in turn; a new text of the same length each time; ' +
        'every edit keeps the version it replaces',
      createsRowsIn: 'edit_history',
      equivalentOf: createPost,
      costAtMost: 1.5,
      prepare: async () => {
        postsToEdit = await fixture.postsToEdit(postsToEditPerUser);
      },
      requestsFor: (connection) => {
        const nextPost = cycle(postsToEdit[connection % postsToEdit.length]!, connection);
        let edits = 0;
        return [
          {
            method: 'POST',
            headers: { ...auth(connection), ...json },
            setupRequest: (request) => ({
              ...request,
              path: `/api/posts/edit/${nextPost()}?return=post`,
              body: JSON.stringify({ postData: { content: benchPostText(connection, ++edits) } }),
            }),
          },
        ];
      },
    },
    {
      name: 'add comment: POST /api/comments/add/:postId?return=post',
      kind: 'write',
      createsRowsIn: 'comments',
      requestsFor: (connection) => {
        const nextPost = cycle(fixture.postIds, connection);
        return [
          {
            method: 'POST',
            headers: { ...auth(connection), ...json },
            body: JSON.stringify({
              commentData: { text: `Benchmark comment from connection ${connection}.` },
            }),
            setupRequest: (request) => ({ ...request, path: `/api/comments/add/${nextPost()}?return=post` }),
          },
        ];
      },
    },
    {
      name: 'follow/unfollow: POST /api/users/follow|unfollow/:id?return=minimal',
      kind: 'write',
      note: 'each user follows then unfollows one of the most followed users, in turn',
      requestsFor: (connection) => {
        const targetId = fixture.followTargetIds[connection % fixture.followTargetIds.length]!;
        return (['follow', 'unfollow'] as const).map((change) => ({
          method: 'POST',
          path: `/api/users/${change}/${targetId}?return=minimal`,
          headers: auth(connection),
        }));
      },
    },
    {
      name: 'login: POST /api/auth/login',
      kind: 'login',
      note: "argon2id verification (slow by design), then the contract's user object: every follower and followee, every bookmarked post whole",
      requestsFor: (connection) => {
        const user = fixture.users[connection % fixture.users.length]!;
        return [
          {
            method: 'POST',
            path: '/api/auth/login',
            headers: json,
            body: JSON.stringify({ username: user.username, password: benchPassword }),
          },
        ];
      },
    },
    {
      name: fullPost,
      kind: 'read',
      note: "the contract's whole post: every like, dislike and comment, unpaginated",
      requestsFor: postPage((postId) => `/api/posts/${postId}`),
    },
    mastodonScenario({
      name: 'mastodon context: GET /api/v1/statuses/:id/context',
      kind: 'read',
      note: "the same posts' comments as statuses, as a Mastodon app reads a thread (the same users' tokens)",
      equivalentOf: fullPost,
      requestsFor: postPage((postId) => `/api/v1/statuses/${postId}/context`, mastodonAuth),
    }),
    {
      name: 'famous profile: same, 20 most followed users',
      kind: 'read',
      note: "the contract's user object lists every follower",
      requestsFor: profilePages(fixture.famousUsernames),
    },
  ];
}

/** `[WORKERS=n]` after a scenario's name when the server runs in n processes (no mark for one). */
export const workersMark = (workers: number) => (workers === 1 ? '' : ` [WORKERS=${workers}]`);
const markPattern = / \[WORKERS=(\d+)\]$/;

/** How many server processes a scenario ran on, from its name's mark. */
export const workersOf = (name: string) => Number(markPattern.exec(name)?.[1] ?? 1);

/** The scenario's name as run on one process. */
export const withoutWorkersMark = (name: string) => name.replace(markPattern, '');

/** The scenarios as run against a server of `workers` processes, named so their rows can be compared. */
export function withWorkers(scenarios: Scenario[], workers: number): Scenario[] {
  return scenarios.map((scenario) => ({
    ...scenario,
    name: scenario.name + workersMark(workers),
    ...(scenario.equivalentOf && { equivalentOf: scenario.equivalentOf + workersMark(workers) }),
  }));
}
