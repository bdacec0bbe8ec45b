/**
 * The visibility matrix, in the spirit of the authorization matrix (api/sync/authorization.test.ts):
 * every read route of both APIs that lists or shows posts, comments, statuses, accounts or
 * notifications, and every live event stream, × each relation between a viewer and a subject (a block
 * either way, a mute with or without their notifications, a `hide` and a `warn` keyword filter, a
 * limit with and without a follow, a suspension, and none), with what the viewer must see of the
 * subject's content there: shown, hidden, or shown marked `filtered`. Every relation is made through
 * the real routes (blocks, mutes, filters, and the owner's moderation actions), on both databases. The
 * matrix checks itself against the route table: a read route that is in neither the matrix nor the
 * list of routes that show no other person's content (each with its reason) fails it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationIdOf } from '../views/mastodon/notifications.js';
import type { Comment, Notification, Post, UserSummary } from '@sync/contract';
import type * as Mastodon from '@sync/contract/mastodon';
import type { AnswerOf } from '../../test/answers.js';
import { uniqueName } from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  startServer,
  type Reply,
  type TestServer,
} from '../../test/harness.js';
import { accessToken, bearer, linksOf } from '../../test/mastodon.js';
import { dataOf, openEventStream as openSyncEvents } from '../../test/event-stream-client.js';
import { openEventStream as openMastodonEvents, openRawSocket } from '../../test/mastodon-streaming.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import { routeTable } from '../../test/route-table.js';
import { eventually } from '../../test/wait.js';

const relations = [
  'none',
  'viewer blocked subject',
  'subject blocked viewer',
  'viewer muted subject',
  'viewer muted subject, notifications shown',
  'viewer hide filter matches',
  'viewer warn filter matches',
  'subject limited, viewer not following',
  'subject limited, viewer following',
  'subject suspended',
] as const;
type Relation = (typeof relations)[number];

/** What the viewer gets of the subject's item: it, nothing, or it marked by a `warn` filter. */
type Seen = 'shown' | 'hidden' | 'filtered';

/** Where a text is read (the rules' contexts: read/rules/viewer-rules.ts). */
type Context = 'home' | 'public' | 'thread' | 'account' | 'post' | 'notifications';

const inBlock = (r: Relation) => r === 'viewer blocked subject' || r === 'subject blocked viewer';
/** The subject does not exist for the viewer: a block either way, a suspension. */
const gone = (r: Relation) => inBlock(r) || r === 'subject suspended';
/** The viewer follows the subject when reading (a block ended the follow; one relation never had it). */
const follows = (r: Relation) => !inBlock(r) && r !== 'subject limited, viewer not following';

/** A post or comment of the subject's, read in a context (the filters name every context). */
function text(r: Relation, context: Context): Seen {
  if (gone(r)) return 'hidden';
  // Someone the viewer does not follow is never on their home timeline.
  if (context === 'home' && !follows(r)) return 'hidden';
  switch (r) {
    case 'viewer muted subject':
      return ['home', 'public', 'thread', 'notifications'].includes(context) ? 'hidden' : 'shown';
    case 'viewer muted subject, notifications shown':
      return ['home', 'public', 'thread'].includes(context) ? 'hidden' : 'shown';
    case 'viewer hide filter matches':
      // Opened by itself, a post a hide filter matches is marked, not a 404 (as Mastodon marks it).
      return context === 'post' ? 'filtered' : 'hidden';
    case 'viewer warn filter matches':
      return 'filtered';
    case 'subject limited, viewer not following':
      return ['public', 'thread', 'notifications'].includes(context) ? 'hidden' : 'shown';
    default:
      return 'shown';
  }
}
/**
 * The subject's repost of the third person's post on the viewer's home (docs/decisions/092): as the
 * subject's own post is there, but with no text of theirs for a filter to match.
 */
const repostAtHome = (r: Relation): Seen => {
  const seen = text(r, 'home');
  return r === 'viewer hide filter matches' || seen === 'filtered' ? 'shown' : seen;
};
/** The subject as the cause of a notification about the viewer's own post: no text of theirs to filter. */
const actor = (r: Relation): Seen => {
  const seen = text(r, 'notifications');
  return r === 'viewer hide filter matches' || seen === 'filtered' ? 'shown' : seen;
};
/**
 * The subject's post quoted in someone else's post (docs/decisions/092): shown, or a placeholder where
 * the viewer does not see the subject (a block either way, a suspension: `deleted`; any mute).
 */
const quoted = (r: Relation): Seen =>
  gone(r) || r === 'viewer muted subject' || r === 'viewer muted subject, notifications shown'
    ? 'hidden'
    : 'shown';
/** The subject in a list of people. */
const person = (r: Relation): Seen => (gone(r) ? 'hidden' : 'shown');
/** The subject's profile asked for by name or id: a block still shows it (the blocker unblocks there). */
const profile = (r: Relation): Seen => (r === 'subject suspended' ? 'hidden' : 'shown');
/** Suggestions leave out whom the viewer follows already. */
const suggested = (r: Relation): Seen => (gone(r) || follows(r) ? 'hidden' : 'shown');
/** Familiar followers are people the viewer follows. */
const familiar = (r: Relation): Seen => (gone(r) || !follows(r) ? 'hidden' : 'shown');

/** Everything one relation's cells read: its people, their posts and comments, the viewer's app. */
interface Scene {
  relation: Relation;
  /** The viewer, the subject, a third person the subject comments on and follows, a control. */
  v: Person;
  s: Person;
  t: Person;
  k: Person;
  /** The viewer's Mastodon app token, as an `authorization` header. */
  app: string;
  /** A word in every text of the subject's (the filters' keyword), and a tag in their posts. */
  word: string;
  tag: string;
  /** The subject's post. */
  post: string;
  /**
   * The third person's post the subject commented on (`reply`), liked and reposted, and another they
   * disliked.
   */
  tPost: string;
  reply: string;
  tDisliked: string;
  /** The viewer's post, which the subject commented on (`vComment`) and liked. */
  vPost: string;
  vComment: string;
  /** The subject's quote of the third person's post, and the control's quote of the subject's post. */
  sQuote: string;
  kQuote: string;
}

const letters = () => uniqueName('w').replace(/[^a-z0-9]/g, '');

const postAs = async (server: TestServer, who: Person, content: string) =>
  (await succeed(server, 'POST', '/api/posts?return=post', who, { postData: { content } })).post
    ._id as string;
const commentAs = async (server: TestServer, who: Person, postId: string, text: string) =>
  (await succeed(server, 'POST', `/api/comments/add/${postId}?return=post`, who, { commentData: { text } }))
    .comment!._id as string;

/** Shown wherever the item itself is (marked or not): what a part of it read by itself shows. */
const opens = (seen: Seen): Seen => (seen === 'hidden' ? 'hidden' : 'shown');

/** Whether an item is there, and marked: a Mastodon status's `filtered` (any other item has none). */
const found = (item: object | null | undefined): Seen =>
  !item
    ? 'hidden'
    : 'filtered' in item && Array.isArray(item.filtered) && item.filtered.length > 0
      ? 'filtered'
      : 'shown';

/** A page of a Sync list, its items under the list's key. */
type SyncPage<Item> = { nextCursor: string | null } & Record<string, Item[]>;

/** Every item of a Sync list, page after page (a 404 lists nothing); `Item` is the contract's type of the list's items. */
async function syncAll<Item>(server: TestServer, path: string, key: string, token: string): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const reply: Reply<SyncPage<Item>> = await server.request<SyncPage<Item>>(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}${query}`,
      { token },
    );
    if (reply.status === 404) return items;
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
    items.push(...reply.body[key]!);
    cursor = reply.body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error(`${path}: more than 50 pages`);
}

/**
 * Every item of a Mastodon list, following its `Link` header's next (a 404 lists nothing); `Item` is the
 * contract's entity the list holds.
 */
async function mastodonAll<Item>(server: TestServer, path: string, app: string): Promise<Item[]> {
  const items: Item[] = [];
  let next: string | undefined = path;
  for (let page = 0; next && page < 50; page += 1) {
    const reply: Reply<Item[]> = await server.request<Item[]>('GET', next, { token: app });
    if (reply.status === 404) return items;
    expect(reply.status, `${next}: ${JSON.stringify(reply.body)}`).toBe(200);
    if (reply.body.length === 0) return items;
    items.push(...reply.body);
    const link: URL | undefined = linksOf(reply.headers.get('link')).next;
    next = link && `${link.pathname}${link.search}`;
  }
  return items;
}

/** One read of the subject's content whose visibility a relation decides. */
interface Cell {
  /** The route as the route table names it. */
  route: string;
  what: string;
  expect: (r: Relation) => Seen | 'consistent';
  probe: (server: TestServer, scene: Scene) => Promise<Seen | 'consistent'>;
}

/** A Sync read as the viewer: the subject's post, comment or person in what it answers. */
const syncPosts =
  (path: (scene: Scene) => string, key = 'posts') =>
  async (server: TestServer, scene: Scene) =>
    found(
      (await syncAll<Post>(server, path(scene), key, scene.v.token)).find((post) => post._id === scene.post),
    );
const syncPeople =
  (path: (scene: Scene) => string, key = 'users') =>
  async (server: TestServer, scene: Scene) =>
    found(
      (await syncAll<UserSummary>(server, path(scene), key, scene.v.token)).find(
        (user) => user.username === scene.s.username,
      ),
    );
const mastodonStatus =
  (path: (scene: Scene) => string, id: (scene: Scene) => string = (scene) => scene.post) =>
  async (server: TestServer, scene: Scene) =>
    found(
      (await mastodonAll<Mastodon.Status>(server, path(scene), scene.app)).find(
        (status) => status.id === id(scene),
      ),
    );
const mastodonPeople = (path: (scene: Scene) => string) => async (server: TestServer, scene: Scene) =>
  found(
    (await mastodonAll<Mastodon.Account>(server, path(scene), scene.app)).find(
      (account) => account.id === scene.s.id,
    ),
  );

/** A single answer (typed by the route, test/answers.ts): 404 is hidden, else what `pick` finds in it. */
async function one<Url extends string>(
  server: TestServer,
  path: Url,
  token: string,
  pick: (body: AnswerOf<'GET', Url>) => object | null | undefined,
): Promise<Seen> {
  const reply = await server.request('GET', path, { token });
  if (reply.status === 404) return 'hidden';
  expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return found(pick(reply.body));
}

/**
 * The viewer's notification groups the subject caused, as stored whatever the rules show (undefined
 * when the relation removed them: hidden all the same).
 */
async function groupsOf(server: TestServer, scene: Scene) {
  const rows = await server.database.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipient_id', '=', scene.v.id)
    .execute();
  return {
    comment: rows.find((row) => row.comment_id === scene.vComment),
    like: rows.find((row) => row.type === 'like' && row.post_id === scene.vPost),
  };
}

/** Sync's unread count is the number of unread notifications its list shows. */
async function syncUnreadConsistent(server: TestServer, scene: Scene): Promise<'consistent'> {
  const listed = await syncAll<Notification>(server, '/api/notifications', 'notifications', scene.v.token);
  const { body } = await server.request('GET', '/api/notifications/unread', { token: scene.v.token });
  expect(body.count).toBe(listed.filter((entry) => !entry.read).length);
  return 'consistent';
}

async function mastodonUnreadConsistent(server: TestServer, scene: Scene, version: 'v1' | 'v2') {
  const listed =
    version === 'v1'
      ? await mastodonAll<Mastodon.Notification>(server, '/api/v1/notifications?limit=80', scene.app)
      : (await server.request('GET', '/api/v2/notifications?limit=80', { token: scene.app })).body
          .notification_groups;
  const { body } = await server.request<{ count: number }>(
    'GET',
    `/api/${version}/notifications/unread_count`,
    {
      token: scene.app,
    },
  );
  // The viewer never read: every notification listed is unread.
  expect(body.count).toBe(listed.length);
  return 'consistent' as const;
}

const cells: Cell[] = [
  // Sync's own API.
  {
    route: 'GET /api/posts',
    what: "everyone's posts, newest",
    expect: (r) => text(r, 'public'),
    probe: syncPosts(() => '/api/posts?sort=newest'),
  },
  {
    route: 'GET /api/posts',
    what: 'trending',
    expect: (r) => text(r, 'public'),
    probe: syncPosts(() => '/api/posts?sort=trending'),
  },
  {
    route: 'GET /api/posts/user/:username',
    what: "the subject's posts on their profile",
    expect: (r) => text(r, 'account'),
    probe: syncPosts((scene) => `/api/posts/user/${scene.s.username}`),
  },
  {
    route: 'GET /api/posts/:postId',
    what: "the subject's post by id",
    expect: (r) => text(r, 'post'),
    probe: (server, scene) => one(server, `/api/posts/${scene.post}`, scene.v.token, (body) => body.post),
  },
  {
    route: 'GET /api/posts/:postId/history',
    what: "the subject's post's versions: wherever the post opens (a filter marks the post, not them)",
    expect: (r) => opens(text(r, 'post')),
    probe: (server, scene) =>
      one(server, `/api/posts/${scene.post}/history`, scene.v.token, (body) => body.versions.at(-1)),
  },
  {
    route: 'GET /api/comments/:postId/:commentId/history',
    what: "the subject's comment's versions, under someone else's post",
    expect: (r) => opens(text(r, 'post')),
    probe: (server, scene) =>
      one(server, `/api/comments/${scene.tPost}/${scene.reply}/history`, scene.v.token, (body) =>
        body.versions.at(-1),
      ),
  },
  {
    route: 'GET /api/posts/:postId',
    what: "the subject's comment in someone else's post",
    expect: (r) => text(r, 'thread'),
    probe: (server, scene) =>
      one(server, `/api/posts/${scene.tPost}`, scene.v.token, (body) =>
        body.post.comments.find((comment) => comment._id === scene.reply),
      ),
  },
  {
    route: 'GET /api/posts/:postId',
    what: "the subject among the likers a post's page shows",
    expect: person,
    probe: (server, scene) =>
      one(server, `/api/posts/${scene.tPost}`, scene.v.token, (body) =>
        body.post.likes.likedBy.find((user) => user.username === scene.s.username),
      ),
  },
  {
    route: 'GET /api/posts',
    what: 'the subject among the first likers a post in a list shows',
    expect: person,
    probe: async (server, scene) => {
      const posts = await syncAll<Post>(server, '/api/posts?sort=newest', 'posts', scene.v.token);
      const liked = posts.find((post) => post._id === scene.tPost);
      return found(liked!.likes.likedBy.find((user) => user.username === scene.s.username));
    },
  },
  {
    route: 'GET /api/posts/:postId/quotes',
    what: "the subject's quote among a post's quotes",
    expect: (r) => text(r, 'public'),
    probe: async (server, scene) =>
      found(
        (await syncAll<Post>(server, `/api/posts/${scene.tPost}/quotes`, 'posts', scene.v.token)).find(
          (post) => post._id === scene.sQuote,
        ),
      ),
  },
  {
    route: 'GET /api/posts/:postId',
    what: "the subject's post quoted in someone else's post",
    expect: quoted,
    probe: (server, scene) =>
      one(server, `/api/posts/${scene.kQuote}`, scene.v.token, (body) =>
        body.post.quote!.state === 'accepted' ? body.post.quote!.post : undefined,
      ),
  },
  {
    route: 'GET /api/posts/:postId/likes',
    what: "the subject among a post's likers",
    expect: person,
    probe: syncPeople((scene) => `/api/posts/${scene.tPost}/likes`),
  },
  {
    route: 'GET /api/posts/:postId/reposts',
    what: "the subject among a post's reposters",
    expect: person,
    probe: syncPeople((scene) => `/api/posts/${scene.tPost}/reposts`),
  },
  {
    route: 'GET /api/posts/:postId/dislikes',
    what: "the subject among a post's dislikers",
    expect: person,
    probe: syncPeople((scene) => `/api/posts/${scene.tDisliked}/dislikes`),
  },
  {
    route: 'GET /api/comments/:postId',
    what: "the subject's comment in a post's comments",
    expect: (r) => text(r, 'thread'),
    probe: async (server, scene) =>
      found(
        (await syncAll<Comment>(server, `/api/comments/${scene.tPost}`, 'comments', scene.v.token)).find(
          (comment) => comment._id === scene.reply,
        ),
      ),
  },
  {
    route: 'GET /api/users',
    what: 'everyone, by sign-up',
    expect: person,
    probe: syncPeople(() => '/api/users'),
  },
  {
    route: 'GET /api/users/suggestions',
    what: 'people to follow',
    expect: suggested,
    probe: async (server, scene) =>
      one(server, '/api/users/suggestions?limit=20', scene.v.token, (body) =>
        body.users.find((user) => user.username === scene.s.username),
      ),
  },
  {
    route: 'GET /api/users/bookmark',
    what: "the viewer's bookmark of the subject's post",
    expect: (r) => text(r, 'post'),
    probe: syncPosts(() => '/api/users/bookmark', 'bookmarks'),
  },
  {
    route: 'GET /api/users/:username',
    what: "the subject's profile",
    expect: profile,
    probe: (server, scene) =>
      one(server, `/api/users/${scene.s.username}`, scene.v.token, (body) => body.user),
  },
  {
    route: 'GET /api/users/:username',
    what: "the subject among someone's followers on their profile",
    expect: person,
    probe: (server, scene) =>
      one(server, `/api/users/${scene.t.username}`, scene.v.token, (body) =>
        body.user.followers.find((user) => user.username === scene.s.username),
      ),
  },
  {
    route: 'GET /api/users/:username/followers',
    what: "the subject among someone's followers",
    expect: person,
    probe: syncPeople((scene) => `/api/users/${scene.t.username}/followers`),
  },
  {
    route: 'GET /api/users/:username/following',
    what: 'the subject among whom someone follows',
    expect: person,
    probe: syncPeople((scene) => `/api/users/${scene.t.username}/following`),
  },
  {
    route: 'GET /api/notifications',
    what: "the subject's comment on the viewer's post",
    expect: (r) => text(r, 'notifications'),
    probe: async (server, scene) => {
      const entry = (
        await syncAll<Notification>(server, '/api/notifications', 'notifications', scene.v.token)
      ).find((notification) => notification.comment?._id === scene.vComment);
      return found(entry?.comment);
    },
  },
  {
    route: 'GET /api/notifications',
    what: "the subject's like of the viewer's post",
    expect: actor,
    probe: async (server, scene) =>
      found(
        (await syncAll<Notification>(server, '/api/notifications', 'notifications', scene.v.token)).find(
          (notification) =>
            notification.type === 'like' &&
            notification.actors.some((user) => user.username === scene.s.username),
        ),
      ),
  },
  {
    route: 'GET /api/notifications/unread',
    what: 'the unread count counts what the list shows',
    expect: () => 'consistent',
    probe: syncUnreadConsistent,
  },
  {
    route: 'GET /api/timeline',
    what: 'the Following timeline',
    expect: (r) => text(r, 'home'),
    probe: syncPosts(() => '/api/timeline'),
  },
  {
    route: 'GET /api/timeline',
    what: "the subject's repost of someone else's post in the Following timeline",
    expect: repostAtHome,
    probe: async (server, scene) =>
      (await syncAll<Post>(server, '/api/timeline', 'posts', scene.v.token)).some(
        (post) => post._id === scene.tPost && post.reposted?.by.username === scene.s.username,
      )
        ? 'shown'
        : 'hidden',
  },
  {
    route: 'GET /api/tags/:tag',
    what: "a tag's posts",
    expect: (r) => text(r, 'public'),
    probe: syncPosts((scene) => `/api/tags/${scene.tag}`),
  },
  {
    route: 'GET /api/search',
    what: 'posts found by a word',
    expect: (r) => text(r, 'public'),
    probe: syncPosts((scene) => `/api/search?type=posts&q=${scene.word}`),
  },
  {
    route: 'GET /api/search',
    what: 'people found by name',
    expect: person,
    probe: syncPeople((scene) => `/api/search?type=users&q=${scene.s.username}`),
  },

  // The Mastodon API.
  {
    route: 'GET /api/v1/accounts',
    what: 'the subject by id',
    expect: profile,
    probe: mastodonPeople((scene) => `/api/v1/accounts?id[]=${scene.s.id}`),
  },
  {
    route: 'GET /api/v1/accounts/lookup',
    what: 'the subject by username',
    expect: profile,
    probe: (server, scene) =>
      one(server, `/api/v1/accounts/lookup?acct=${scene.s.username}`, scene.app, (body) => body),
  },
  {
    route: 'GET /api/v1/accounts/search',
    what: 'people found by name',
    expect: person,
    probe: mastodonPeople((scene) => `/api/v1/accounts/search?q=${scene.s.username}`),
  },
  {
    route: 'GET /api/v1/accounts/familiar_followers',
    what: "people the viewer follows among someone's followers",
    expect: familiar,
    probe: async (server, scene) =>
      one(server, `/api/v1/accounts/familiar_followers?id[]=${scene.t.id}`, scene.app, (body) =>
        body[0]!.accounts.find((account) => account.id === scene.s.id),
      ),
  },
  {
    route: 'GET /api/v1/accounts/:id',
    what: "the subject's account",
    expect: profile,
    probe: (server, scene) => one(server, `/api/v1/accounts/${scene.s.id}`, scene.app, (body) => body),
  },
  {
    route: 'GET /api/v1/accounts/:id/statuses',
    what: "the subject's statuses on their profile",
    expect: (r) => text(r, 'account'),
    probe: mastodonStatus((scene) => `/api/v1/accounts/${scene.s.id}/statuses`),
  },
  {
    route: 'GET /api/v1/accounts/:id/followers',
    what: "the subject among someone's followers",
    expect: person,
    probe: mastodonPeople((scene) => `/api/v1/accounts/${scene.t.id}/followers?limit=80`),
  },
  {
    route: 'GET /api/v1/accounts/:id/following',
    what: 'the subject among whom someone follows',
    expect: person,
    probe: mastodonPeople((scene) => `/api/v1/accounts/${scene.t.id}/following?limit=80`),
  },
  {
    route: 'GET /api/v1/statuses/:id',
    what: "the subject's post",
    expect: (r) => text(r, 'post'),
    probe: (server, scene) => one(server, `/api/v1/statuses/${scene.post}`, scene.app, (body) => body),
  },
  {
    route: 'GET /api/v1/statuses/:id',
    what: "the subject's reply",
    expect: (r) => text(r, 'post'),
    probe: (server, scene) => one(server, `/api/v1/statuses/${scene.reply}`, scene.app, (body) => body),
  },
  {
    route: 'GET /api/v1/statuses/:id/history',
    what: "the subject's status's versions: wherever the status opens",
    expect: (r) => opens(text(r, 'post')),
    probe: (server, scene) =>
      one(server, `/api/v1/statuses/${scene.post}/history`, scene.app, (body) => body.at(-1)),
  },
  {
    route: 'GET /api/v1/statuses/:id/context',
    what: "the subject's reply under someone else's post",
    expect: (r) => text(r, 'thread'),
    probe: (server, scene) =>
      one(server, `/api/v1/statuses/${scene.tPost}/context`, scene.app, (body) =>
        body.descendants.find((status) => status.id === scene.reply),
      ),
  },
  {
    route: 'GET /api/v1/statuses/:id/quotes',
    what: "the subject's quote among a status's quotes",
    expect: (r) => text(r, 'public'),
    probe: mastodonStatus(
      (scene) => `/api/v1/statuses/${scene.tPost}/quotes`,
      (scene) => scene.sQuote,
    ),
  },
  {
    route: 'GET /api/v1/statuses/:id',
    what: "the subject's status quoted in someone else's",
    expect: quoted,
    probe: (server, scene) =>
      one(server, `/api/v1/statuses/${scene.kQuote}`, scene.app, (body) =>
        body.quote!.state === 'accepted' && 'quoted_status' in body.quote!
          ? body.quote!.quoted_status
          : undefined,
      ),
  },
  {
    route: 'GET /api/v1/statuses/:id/favourited_by',
    what: "the subject among a post's favourites",
    expect: person,
    probe: mastodonPeople((scene) => `/api/v1/statuses/${scene.tPost}/favourited_by`),
  },
  {
    route: 'GET /api/v1/statuses/:id/reblogged_by',
    what: "the subject among a post's reblogs",
    expect: person,
    probe: mastodonPeople((scene) => `/api/v1/statuses/${scene.tPost}/reblogged_by`),
  },
  {
    route: 'GET /api/v1/timelines/home',
    what: 'the home timeline',
    expect: (r) => text(r, 'home'),
    probe: mastodonStatus(() => '/api/v1/timelines/home?limit=40'),
  },
  {
    route: 'GET /api/v1/timelines/home',
    what: "the subject's reblog of someone else's post in the home timeline",
    expect: repostAtHome,
    probe: async (server, scene) =>
      (await mastodonAll<Mastodon.Status>(server, '/api/v1/timelines/home?limit=40', scene.app)).some(
        (status) => status.reblog?.id === scene.tPost && status.account.id === scene.s.id,
      )
        ? 'shown'
        : 'hidden',
  },
  {
    route: 'GET /api/v1/timelines/public',
    what: 'the public timeline',
    expect: (r) => text(r, 'public'),
    probe: mastodonStatus(() => '/api/v1/timelines/public?limit=40'),
  },
  {
    route: 'GET /api/v1/timelines/tag/:hashtag',
    what: "a tag's timeline",
    expect: (r) => text(r, 'public'),
    probe: mastodonStatus((scene) => `/api/v1/timelines/tag/${scene.tag}?limit=40`),
  },
  {
    route: 'GET /api/v1/trends/statuses',
    what: 'trending statuses',
    expect: (r) => text(r, 'public'),
    probe: mastodonStatus(() => '/api/v1/trends/statuses?limit=40'),
  },
  {
    route: 'GET /api/v1/favourites',
    what: "the viewer's favourite of the subject's post",
    expect: (r) => text(r, 'post'),
    probe: mastodonStatus(() => '/api/v1/favourites?limit=40'),
  },
  {
    route: 'GET /api/v1/bookmarks',
    what: "the viewer's bookmark of the subject's post",
    expect: (r) => text(r, 'post'),
    probe: mastodonStatus(() => '/api/v1/bookmarks?limit=40'),
  },
  {
    route: 'GET /api/v1/notifications',
    what: "the subject's reply to the viewer's post",
    expect: (r) => text(r, 'notifications'),
    probe: async (server, scene) =>
      found(
        (await mastodonAll<Mastodon.Notification>(server, '/api/v1/notifications?limit=80', scene.app)).find(
          (notification) => notification.status?.id === scene.vComment,
        )?.status,
      ),
  },
  {
    route: 'GET /api/v1/notifications',
    what: "the subject's favourite of the viewer's post",
    expect: actor,
    probe: async (server, scene) =>
      found(
        (await mastodonAll<Mastodon.Notification>(server, '/api/v1/notifications?limit=80', scene.app)).find(
          (notification) => notification.type === 'favourite' && notification.account.id === scene.s.id,
        ),
      ),
  },
  {
    route: 'GET /api/v1/notifications/:id',
    what: "the subject's reply to the viewer's post, by id",
    expect: (r) => text(r, 'notifications'),
    probe: async (server, scene) => {
      const { comment } = await groupsOf(server, scene);
      if (!comment) return 'hidden';
      return one(
        server,
        `/api/v1/notifications/${notificationIdOf(comment)}`,
        scene.app,
        (body) => body.status,
      );
    },
  },
  {
    route: 'GET /api/v1/notifications/unread_count',
    what: 'the unread count counts what the list shows',
    expect: () => 'consistent',
    probe: (server, scene) => mastodonUnreadConsistent(server, scene, 'v1'),
  },
  {
    route: 'GET /api/v2/notifications',
    what: "the subject's reply to the viewer's post, grouped",
    expect: (r) => text(r, 'notifications'),
    probe: (server, scene) =>
      one(server, '/api/v2/notifications?limit=80', scene.app, (body) =>
        body.notification_groups.some((group) => group.status_id === scene.vComment)
          ? body.statuses.find((status) => status.id === scene.vComment)
          : undefined,
      ),
  },
  {
    route: 'GET /api/v2/notifications',
    what: "the subject among the favourites of the viewer's post, grouped",
    expect: actor,
    probe: (server, scene) =>
      one(server, '/api/v2/notifications?limit=80', scene.app, (body) =>
        body.notification_groups.find((group) => group.sample_account_ids.includes(scene.s.id)),
      ),
  },
  {
    route: 'GET /api/v2/notifications/:group_key',
    what: "the group of the subject's reply",
    expect: (r) => text(r, 'notifications'),
    probe: async (server, scene) => {
      const { comment } = await groupsOf(server, scene);
      if (!comment) return 'hidden';
      return one(server, `/api/v2/notifications/${comment.id}`, scene.app, (body) =>
        body.statuses.find((status) => status.id === scene.vComment),
      );
    },
  },
  {
    route: 'GET /api/v2/notifications/:group_key/accounts',
    what: "the subject among a favourites group's accounts",
    expect: actor,
    probe: async (server, scene) => {
      const { like } = await groupsOf(server, scene);
      if (!like) return 'hidden';
      return one(server, `/api/v2/notifications/${like.id}/accounts`, scene.app, (body) =>
        body.find((account) => account.id === scene.s.id),
      );
    },
  },
  {
    route: 'GET /api/v2/notifications/unread_count',
    what: 'the unread count counts what the list shows',
    expect: () => 'consistent',
    probe: (server, scene) => mastodonUnreadConsistent(server, scene, 'v2'),
  },
  {
    route: 'GET /api/v2/search',
    what: 'statuses found by a word',
    expect: (r) => text(r, 'public'),
    probe: (server, scene) =>
      one(server, `/api/v2/search?type=statuses&q=${scene.word}`, scene.app, (body) =>
        body.statuses.find((status) => status.id === scene.post),
      ),
  },
  {
    route: 'GET /api/v2/search',
    what: 'accounts found by name',
    expect: person,
    probe: (server, scene) =>
      one(server, `/api/v2/search?type=accounts&q=${scene.s.username}`, scene.app, (body) =>
        body.accounts.find((account) => account.id === scene.s.id),
      ),
  },
  {
    route: 'GET /api/v2/suggestions',
    what: 'people to follow',
    expect: suggested,
    probe: (server, scene) =>
      one(server, '/api/v2/suggestions?limit=80', scene.app, (body) =>
        body.find((suggestion) => suggestion.account.id === scene.s.id),
      ),
  },
];

/** The live event streams: the routes the live part of each relation reads (see `liveCells`). */
const liveRoutes = [
  'GET /api/events',
  'GET /api/v1/streaming',
  'GET /api/v1/streaming/user',
  'GET /api/v1/streaming/user/notification',
  'GET /api/v1/streaming/public',
  'GET /api/v1/streaming/public/local',
  'GET /api/v1/streaming/hashtag',
  'GET /api/v1/streaming/hashtag/local',
];

/** Read routes that show no other person's content, each with why. */
const showNoOneElse: Record<string, string> = {
  'GET /api/health': 'the server is up',
  'GET /api/auth/username-available':
    'whether an account has a username, as GET /api/users/:username tells anyone (sign-up must tell it)',
  'GET /api/account': "the viewer's own account state (email confirmed, the shared guest)",
  'GET /api/account/export': "the viewer's own data",
  'GET /api/account/export/:list': "the viewer's own follows, blocks, mutes or bookmarks, as CSV",
  'GET /api/account/archive': "the viewer's own data and images",
  'GET /api/account/preferences': "the viewer's own defaults",
  'GET /api/account/notification-settings': "the viewer's own notification settings",
  'GET /api/users/:username/relationship':
    'how the viewer and a person stand: both must see it across a block (to unblock, to be told why)',
  'GET /api/blocks': "the viewer's own blocks: the one list that must show whom they blocked",
  'GET /api/mutes': "the viewer's own mutes: the one list that must show whom they muted",
  'GET /api/filters': "the viewer's own keyword filters",
  'GET /api/reports': "the viewer's own reports",
  'GET /api/media/:id': "the viewer's own upload (anyone else's is 404)",
  'GET /api/oauth/authorization': 'an app asking for consent',
  'GET /api/oauth/apps': "the viewer's authorized apps",
  'GET /api/instance': "the community's About: its rules and staff",
  'GET /api/admin/reports': 'the moderators see every report: it is their work',
  'GET /api/admin/reports/:id': 'the moderators see every report: it is their work',
  'GET /api/admin/reports/open-count': 'how many reports are open, a number for the staff',
  'GET /api/admin/reports/:id/media/:mediaId':
    "a reported image's file, kept for the moderators while the report is open",
  'GET /api/admin/reports/:id/media/:mediaId/preview':
    "a reported image's file, kept for the moderators while the report is open",
  'GET /api/admin/rules': "the instance's rules, for its staff",
  'GET /api/admin/settings': "the instance's settings, for its staff",
  'GET /api/admin/email-domain-blocks': "the instance's refused email domains, for its staff",
  'GET /api/admin/invites': "the instance's invites, for its staff",
  'GET /api/admin/accounts': 'the moderators see every account: it is their work',
  'GET /api/admin/accounts/:username': 'the moderators see every account: it is their work',
  'GET /api/admin/audit-log': 'what the staff did, for the staff',
  'GET /api/v1/apps/verify_credentials': 'the app itself',
  'GET /api/v1/accounts/verify_credentials': "the viewer's own account",
  'GET /api/v1/accounts/relationships':
    'how the viewer and some accounts stand: both must see it across a block (to unblock)',
  'GET /api/v1/accounts/:id/featured_tags': 'always empty on Sync',
  'GET /api/v1/accounts/:id/lists': 'always empty on Sync',
  'GET /api/v1/admin/reports': 'the moderators see every report: it is their work',
  'GET /api/v1/admin/reports/:id': 'the moderators see every report: it is their work',
  'GET /api/v1/admin/reports/:id/media/:media_id':
    "a reported image's file, kept for the moderators while the report is open",
  'GET /api/v1/admin/reports/:id/media/:media_id/preview':
    "a reported image's file, kept for the moderators while the report is open",
  'GET /api/v1/admin/accounts': 'the moderators see every account: it is their work',
  'GET /api/v1/admin/accounts/:id': 'the moderators see every account: it is their work',
  'GET /api/v2/admin/accounts': 'the moderators see every account: it is their work',
  'GET /api/v1/announcements': 'always empty on Sync',
  'GET /api/v1/scheduled_statuses': 'always empty on Sync',
  'GET /api/v1/streaming/health': 'the streaming server is up',
  'GET /api/v1/trends': "tags and how often they were used this week, not anyone's text",
  'GET /api/v1/trends/tags': "tags and how often they were used this week, not anyone's text",
  'GET /api/v1/trends/links': 'always empty on Sync',
  'GET /api/v1/tags/:name': 'a tag and its use, not anyone’s text',
  'GET /api/v1/filters': "the viewer's own keyword filters",
  'GET /api/v2/filters': "the viewer's own keyword filters",
  'GET /api/v1/media/:id': "the viewer's own upload (anyone else's is 404)",
  'GET /api/v1/statuses/:id/source': "the viewer's own status, as written (anyone else's is 404)",
  'GET /api/v2/filters/:id': "the viewer's own keyword filters",
  'GET /api/v2/filters/:id/keywords': "the viewer's own keyword filters",
  'GET /api/v2/filters/keywords/:id': "the viewer's own keyword filters",
  'GET /api/v1/followed_tags': 'always empty on Sync',
  'GET /api/v1/follow_requests': 'always empty on Sync (every account is public)',
  'GET /api/v1/featured_tags': 'always empty on Sync',
  'GET /api/v1/blocks': "the viewer's own blocks: the one list that must show whom they blocked",
  'GET /api/v1/mutes': "the viewer's own mutes: the one list that must show whom they muted",
  'GET /api/v1/markers': "the viewer's own reading positions",
  'GET /api/v1/instance': "the community's description, rules and contact",
  'GET /api/v1/instance/rules': "the community's rules",
  'GET /api/v2/instance': "the community's description, rules and contact",
  'GET /api/v1/custom_emojis': 'always empty on Sync',
  'GET /api/v1/conversations': 'always empty on Sync (no direct messages)',
  'GET /api/v1/lists': 'always empty on Sync',
  'GET /api/v1/domain_blocks': 'always empty on Sync (one server)',
  'GET /api/v1/endorsements': 'always empty on Sync',
  'GET /api/v1/preferences': "the viewer's own preferences",
  'GET /api/v2/notifications/policy': "the viewer's own notification policy",
};

/** The read routes of both APIs, from the app's route table. */
function readRoutes(server: TestServer): Set<string> {
  return new Set(
    routeTable(server)
      .filter(({ method, path }) => method === 'GET' && path.startsWith('/api/'))
      .map(({ path }) => `GET ${path}`),
  );
}

describeEachDatabase('visibility matrix', (dialect) => {
  let server: TestServer;
  let owner: string;
  const scenes = new Map<Relation, Scene>();

  beforeAll(async () => {
    server = await startServer(dialect);
    owner = await server.login('maya.chen', demoPassword);
    const made = await Promise.all(relations.map((relation) => scene(relation)));
    for (const built of made) scenes.set(built.relation, built);
    // Every third person follows every subject: the subjects lead the suggestions whoever asks.
    for (const follower of made)
      for (const followed of made)
        if (follower !== followed)
          await succeed(server, 'POST', `/api/users/follow/${followed.s.id}`, follower.t);
    await Promise.all(made.map((built) => relate(built)));
  }, 240_000);
  afterAll(() => server.close());

  /** The people and content of one relation, before it is made. */
  async function scene(relation: Relation): Promise<Scene> {
    const [v, s, t, k] = await Promise.all([
      newPerson(server, 'mxv'),
      newPerson(server, 'mxs'),
      newPerson(server, 'mxt'),
      newPerson(server, 'mxk'),
    ]);
    const word = letters();
    const tag = `t${letters()}`;
    const post = await postAs(server, s, `${word} says hello #${tag}`);
    const tPost = await postAs(server, t, 'a post to answer');
    const tDisliked = await postAs(server, t, 'a post to dislike');
    const reply = await commentAs(server, s, tPost, `${word} answers`);
    const vPost = await postAs(server, v, 'the viewer writes');
    const vComment = await commentAs(server, s, vPost, `${word} comments on the viewer`);
    await succeed(server, 'POST', `/api/posts/like/${tPost}`, s);
    await succeed(server, 'POST', `/api/posts/${tPost}/repost`, s);
    // A post is disliked once liked (the spec's dislike takes a like back from its count).
    await succeed(server, 'POST', `/api/posts/like/${tDisliked}`, t);
    await succeed(server, 'POST', `/api/posts/dislike/${tDisliked}`, s);
    await succeed(server, 'POST', `/api/posts/like/${vPost}`, s);
    await succeed(server, 'POST', `/api/users/follow/${t.id}`, s);
    await succeed(server, 'POST', `/api/users/follow/${s.id}`, t);
    if (relation !== 'subject limited, viewer not following')
      await succeed(server, 'POST', `/api/users/follow/${s.id}`, v);
    await succeed(server, 'POST', `/api/users/follow/${k.id}`, v);
    await succeed(server, 'POST', `/api/users/bookmark/${post}`, v);
    await succeed(server, 'POST', `/api/posts/like/${post}`, v);
    const quote = async (who: Person, quoteId: string, content: string) =>
      (await succeed(server, 'POST', '/api/posts?return=post', who, { postData: { content, quoteId } })).post
        ._id as string;
    const sQuote = await quote(s, tPost, `${word} quotes a post`);
    const kQuote = await quote(k, post, 'the control quotes the subject');
    const app = bearer(await accessToken(server, v.token));
    return {
      relation,
      v,
      s,
      t,
      k,
      app,
      word,
      tag,
      post,
      tPost,
      reply,
      tDisliked,
      vPost,
      vComment,
      sQuote,
      kQuote,
    };
  }

  /** The relation itself, through the routes a person (or the owner) uses. */
  async function relate({ relation, v, s, word }: Scene) {
    const filter = (action: 'hide' | 'warn') =>
      succeed(server, 'POST', '/api/filters', v, {
        title: `No ${word}`,
        context: ['home', 'notifications', 'public', 'thread', 'account'],
        action,
        keywords: [{ keyword: word, wholeWord: true }],
      });
    const moderate = async (type: 'limit' | 'suspend') => {
      const reply = await server.request('POST', `/api/admin/accounts/${s.username}/actions`, {
        token: owner,
        body: { type, text: 'matrix', durationSeconds: null },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    };
    switch (relation) {
      case 'viewer blocked subject':
        return succeed(server, 'POST', `/api/users/${s.username}/block`, v);
      case 'subject blocked viewer':
        return succeed(server, 'POST', `/api/users/${v.username}/block`, s);
      case 'viewer muted subject':
        return succeed(server, 'POST', `/api/users/${s.username}/mute`, v, {});
      case 'viewer muted subject, notifications shown':
        return succeed(server, 'POST', `/api/users/${s.username}/mute`, v, { notifications: false });
      case 'viewer hide filter matches':
        return filter('hide');
      case 'viewer warn filter matches':
        return filter('warn');
      case 'subject limited, viewer not following':
      case 'subject limited, viewer following':
        return moderate('limit');
      case 'subject suspended':
        return moderate('suspend');
      case 'none':
        return undefined;
    }
  }

  for (const relation of relations) {
    describe(relation, () => {
      it.each(cells.map((cell) => [`${cell.route}: ${cell.what}`, cell] as const))(
        '%s',
        async (_name, cell) => {
          const built = scenes.get(relation)!;
          expect(await cell.probe(server, built)).toBe(cell.expect(relation));
        },
      );

      it('live: each stream gets what the viewer sees of the subject, as the lists do', async () => {
        await liveCells(server, scenes.get(relation)!);
      }, 60_000);
    });
  }

  it("a blocked viewer opening the blocker's post gets 404 on both APIs, and the context leaves out the blocked person's replies", async () => {
    const blocked = scenes.get('subject blocked viewer')!;
    expect(
      (await server.request('GET', `/api/posts/${blocked.post}`, { token: blocked.v.token })).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/v1/statuses/${blocked.post}`, { token: blocked.app })).status,
    ).toBe(404);
    const blocker = scenes.get('viewer blocked subject')!;
    const context = await server.request('GET', `/api/v1/statuses/${blocker.tPost}/context`, {
      token: blocker.app,
    });
    expect(context.status).toBe(200);
    expect(context.body.descendants.map((status) => status.id)).not.toContain(blocker.reply);
    // Someone in no block with either still sees the reply: the post and its comments are there.
    const other = scenes.get('none')!;
    const seen = await server.request('GET', `/api/v1/statuses/${blocker.tPost}/context`, {
      token: other.app,
    });
    expect(seen.body.descendants.map((status) => status.id)).toContain(blocker.reply);
  });

  it('a page that loses rows to the rules is refilled: 20 asked, 20 given while more exist, on both APIs', async () => {
    const [viewer, steady, noisy] = await Promise.all([
      newPerson(server, 'fillv'),
      newPerson(server, 'fills'),
      newPerson(server, 'filln'),
    ]);
    const viewerPost = await postAs(server, viewer, 'answer me');
    for (let i = 0; i < 22; i += 1) {
      await postAs(server, steady, `steady ${i}`);
      await commentAs(server, steady, viewerPost, `steady answer ${i}`);
    }
    for (let i = 0; i < 25; i += 1) {
      await postAs(server, noisy, `noisy ${i}`);
      await commentAs(server, noisy, viewerPost, `noisy answer ${i}`);
    }
    await succeed(server, 'POST', `/api/users/${noisy.username}/mute`, viewer, {});
    const app = bearer(await accessToken(server, viewer.token));
    const someoneElse = scenes.get('none')!;

    // Without the mute, the newest 20 are all the noisy person's: the viewer's page lost every row of its first read.
    const unruled = await server.request('GET', '/api/posts?limit=20', { token: someoneElse.v.token });
    expect(unruled.body.posts.map((post) => post.username)).toEqual(Array(20).fill(noisy.username));
    const page = await server.request('GET', '/api/posts?limit=20', { token: viewer.token });
    expect(page.body.posts.map((post) => post.username)).toEqual(Array(20).fill(steady.username));
    expect(page.body.nextCursor).toEqual(expect.any(String));

    const statuses = await server.request('GET', '/api/v1/timelines/public?limit=20', { token: app });
    expect(statuses.body.map((status) => status.account.username)).toEqual(Array(20).fill(steady.username));
    expect(linksOf(statuses.headers.get('link')).next).toBeDefined();

    const notifications = await server.request('GET', '/api/notifications?limit=20', { token: viewer.token });
    expect(notifications.body.notifications.map((entry) => entry.actors[0]!.username)).toEqual(
      Array(20).fill(steady.username),
    );
    expect(notifications.body.nextCursor).toEqual(expect.any(String));
    const mentions = await server.request('GET', '/api/v1/notifications?limit=20', { token: app });
    expect(mentions.body.map((entry) => entry.account.username)).toEqual(Array(20).fill(steady.username));
    expect(linksOf(mentions.headers.get('link')).next).toBeDefined();
    // The unread count is what the list shows: the steady person's 22 answers, none of the muted's 25.
    const unread = await server.request('GET', '/api/notifications/unread', { token: viewer.token });
    expect(unread.body.count).toBe(22);
  });

  it('the matrix covers every read route of both APIs (read from the route table)', () => {
    const table = readRoutes(server);
    const classified = new Set([
      ...cells.map((cell) => cell.route),
      ...liveRoutes,
      ...Object.keys(showNoOneElse),
    ]);
    expect([...table].filter((route) => !classified.has(route)).sort()).toEqual([]);
    expect([...classified].filter((route) => !table.has(route)).sort()).toEqual([]);
  });
});

/**
 * The live part of a relation: the viewer's streams open (Sync's, and the Mastodon streams over a
 * WebSocket and as event streams), the subject posts and answers the viewer's post, then a control
 * person (whom the viewer follows) does the same; once the control's events are in, everything the
 * subject caused before them has been delivered or not. Each stream is then checked as its list is.
 * The viewer has 5 stream places: the event streams go in two rounds.
 */
async function liveCells(server: TestServer, scene: Scene) {
  const { relation: r, v, s, k } = scene;
  const token = scene.app.replace(/^Bearer /, '');
  const expected = {
    home: text(r, 'home'),
    public: text(r, 'public'),
    notifications: text(r, 'notifications'),
  };

  /** The subject's post and reply (refused when they cannot act: a block, a suspension), then the control's. */
  const act = async (round: number) => {
    const post = await server.request('POST', '/api/posts?return=post', {
      token: s.token,
      body: { postData: { content: `${scene.word} live ${round} #${scene.tag}` } },
    });
    const reply = await server.request('POST', `/api/comments/add/${scene.vPost}?return=post`, {
      token: s.token,
      body: { commentData: { text: `${scene.word} live reply ${round}` } },
    });
    for (const answer of [post, reply]) {
      if (answer.status >= 300)
        expect(gone(r), `the subject was refused ${answer.status} though ${r}`).toBe(true);
    }
    const control = {
      post: await postAs(server, k, `control ${round} #${scene.tag}`),
      reply: await commentAs(server, k, scene.vPost, `control reply ${round}`),
    };
    return {
      post: post.status < 300 ? (post.body.post._id as string) : undefined,
      reply: reply.status < 300 ? (reply.body.comment!._id as string) : undefined,
      control,
    };
  };

  // Round 1: Sync's stream, the WebSocket with every stream, and the user, public and hashtag event streams.
  const sync = await openSyncEvents(server.url, v.token);
  const socket = await openRawSocket(server.url, { query: { access_token: token } });
  if ('refused' in socket) throw new Error(`the WebSocket was refused: ${socket.refused}`);
  const streamNames = ['user', 'user:notification', 'public', 'public:local', 'hashtag', 'hashtag:local'];
  for (const stream of streamNames)
    socket.socket.send(JSON.stringify({ type: 'subscribe', stream, tag: scene.tag }));
  socket.socket.ping();
  await new Promise((resolve) => socket.socket.once('pong', resolve));
  const sse = async (path: string) => {
    const opened = await eventually(
      async () => {
        const stream = await openMastodonEvents(server.url, path, { authorization: scene.app });
        if (stream.status === 429) {
          stream.close();
          return undefined;
        }
        return stream;
      },
      { what: `a place for ${path}` },
    );
    expect(opened.status).toBe(200);
    await opened.text.waitFor((part) => part.includes(':)'), `${path} opened`);
    return opened;
  };
  const round1 = {
    user: await sse('/api/v1/streaming/user'),
    public: await sse('/api/v1/streaming/public'),
    hashtag: await sse(`/api/v1/streaming/hashtag?tag=${scene.tag}`),
  };
  const first = await act(1);

  // Sync's stream: the post at home, the reply as a notification.
  await sync.waitFor('post', (data) => data.post._id === first.control.post);
  await sync.waitFor('notification', (data) => data.notification.comment?._id === first.control.reply);
  const syncPost = dataOf(sync.events, 'post').find((data) => data.post._id === first.post);
  const syncReply = dataOf(sync.events, 'notification').find(
    (data) => data.notification.comment?._id === first.reply,
  );
  expect(found(syncPost?.post), 'GET /api/events: a post').toBe(expected.home);
  expect(found(syncReply?.notification.comment), 'GET /api/events: a reply').toBe(expected.notifications);
  sync.close();

  // The WebSocket: each stream as its event stream.
  const frames = socket.frames;
  const frameOf = (stream: string, event: string, id: string | undefined) => {
    const frame = frames.items.find(
      (item) =>
        item.stream?.[0] === stream && item.event === event && statusOf(event, item.payload!)?.id === id,
    );
    return frame && statusOf(event, frame.payload!);
  };
  const wsExpected: [string, 'update' | 'notification', Seen][] = [
    ['user', 'update', expected.home],
    ['user', 'notification', expected.notifications],
    ['user:notification', 'notification', expected.notifications],
    ['public', 'update', expected.public],
    ['public:local', 'update', expected.public],
    ['hashtag', 'update', expected.public],
    ['hashtag:local', 'update', expected.public],
  ];
  for (const [stream, event] of wsExpected) {
    const control = event === 'update' ? first.control.post : first.control.reply;
    await frames.waitFor(
      (item) =>
        item.stream?.[0] === stream && item.event === event && statusOf(event, item.payload!)?.id === control,
      `the control's ${event} on ${stream}`,
    );
  }
  for (const [stream, event, seen] of wsExpected) {
    const subject = event === 'update' ? first.post : first.reply;
    expect(
      found(subject ? frameOf(stream, event, subject) : undefined),
      `GET /api/v1/streaming: ${stream} ${event}`,
    ).toBe(seen);
  }
  socket.socket.close();

  const checkEvents = async (
    route: string,
    stream: Awaited<ReturnType<typeof sse>>,
    wanted: ['update' | 'notification', Seen][],
    acted: Awaited<ReturnType<typeof act>>,
  ) => {
    for (const [event] of wanted) {
      const control = event === 'update' ? acted.control.post : acted.control.reply;
      await stream.events.waitFor(
        (item) => item.event === event && statusOf(event, item.data)?.id === control,
        `the control's ${event} on ${route}`,
      );
    }
    for (const [event, seen] of wanted) {
      const subject = event === 'update' ? acted.post : acted.reply;
      const item = stream.events.items.find(
        (received) =>
          received.event === event && subject !== undefined && statusOf(event, received.data)?.id === subject,
      );
      expect(found(item && statusOf(event, item.data)), `${route}: ${event}`).toBe(seen);
    }
    stream.close();
  };
  await checkEvents(
    'GET /api/v1/streaming/user',
    round1.user,
    [
      ['update', expected.home],
      ['notification', expected.notifications],
    ],
    first,
  );
  await checkEvents('GET /api/v1/streaming/public', round1.public, [['update', expected.public]], first);
  await checkEvents('GET /api/v1/streaming/hashtag', round1.hashtag, [['update', expected.public]], first);

  // Round 2: the other event streams, once the first ones gave their places back.
  const round2 = {
    notification: await sse('/api/v1/streaming/user/notification'),
    publicLocal: await sse('/api/v1/streaming/public/local'),
    hashtagLocal: await sse(`/api/v1/streaming/hashtag/local?tag=${scene.tag}`),
  };
  const second = await act(2);
  await checkEvents(
    'GET /api/v1/streaming/user/notification',
    round2.notification,
    [['notification', expected.notifications]],
    second,
  );
  await checkEvents(
    'GET /api/v1/streaming/public/local',
    round2.publicLocal,
    [['update', expected.public]],
    second,
  );
  await checkEvents(
    'GET /api/v1/streaming/hashtag/local',
    round2.hashtagLocal,
    [['update', expected.public]],
    second,
  );
}

/** The status an event is about: an update's status, a notification's. */
function statusOf(event: string, payload: string): { id: string; filtered?: unknown[] } | undefined {
  const parsed = JSON.parse(payload);
  return event === 'notification' ? parsed.status : parsed;
}
