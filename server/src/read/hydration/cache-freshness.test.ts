import type { Post, UserSummary } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import {
  describeEachDatabase,
  startSecondServer,
  startServer,
  type RequestOptions,
  type TestServer,
} from '../../test/harness.js';

/**
 * "The cache never serves a stale post": a post is read through every route that shows it (so each
 * shape of it is cached), one thing it shows is changed, and every route must show the change.
 */

type Request = TestServer['request'];
/** The app a test talks to: the one it is served by, or a second one on the same database. */
type Instance = Pick<TestServer, 'request' | 'app'>;

interface Account {
  token: string;
  username: string;
}

interface Scene {
  postId: string;
  author: Account;
  liker: Account;
  disliker: Account;
  commenter: Account;
  voter: Account;
  /** Bookmarked the post; reads the bookmark routes and logs in. Does nothing else to it. */
  bookmarker: Account;
  /** The comment a case's setup added, when it added one. */
  commentId?: string;
  write: Request;
}

const password = 'password123';

async function send<Method extends string, Url extends string>(
  scene: Scene,
  account: Account,
  method: Method,
  path: Url,
  body?: unknown,
) {
  const reply = await scene.write(method, path, { token: account.token, body } satisfies RequestOptions);
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

/** Every route that shows a post, each answering the scene's post as that route shows it. */
const routes: { name: string; read: (request: Request, scene: Scene) => Promise<Post> }[] = [
  { name: 'GET /api/posts?limit=20', read: listed('/api/posts?limit=20', 'posts') },
  { name: 'GET /api/posts', read: listed('/api/posts', 'posts') },
  {
    name: 'GET /api/posts?sort=trending&limit=20',
    read: listed('/api/posts?sort=trending&limit=20', 'posts'),
  },
  { name: 'GET /api/posts?sort=trending', read: listed('/api/posts?sort=trending', 'posts') },
  {
    name: 'GET /api/posts/:id',
    read: async (request, scene) => {
      const reply = await request('GET', `/api/posts/${scene.postId}`);
      expect(reply.status).toBe(200);
      return reply.body.post;
    },
  },
  {
    name: 'GET /api/posts/user/:username?limit=5',
    read: (request, scene) =>
      listed(`/api/posts/user/${scene.author.username}?limit=5`, 'posts')(request, scene),
  },
  { name: 'GET /api/users/bookmark?limit=5', read: listed('/api/users/bookmark?limit=5', 'bookmarks') },
  { name: 'GET /api/users/bookmark', read: listed('/api/users/bookmark', 'bookmarks') },
  {
    name: "POST /api/auth/login's foundUser.bookmarks",
    read: async (request, scene) => {
      const reply = await request('POST', '/api/auth/login', {
        body: { username: scene.bookmarker.username, password },
      });
      expect(reply.status).toBe(200);
      return findPost(reply.body.foundUser.bookmarks, scene.postId);
    },
  },
];

/** A list route's answer, the scene's post picked out; bookmark lists are read as the bookmarker. */
function listed(path: string, key: 'posts' | 'bookmarks') {
  return async (request: Request, scene: Scene) => {
    const token = key === 'bookmarks' ? scene.bookmarker.token : undefined;
    const reply = await request<Record<typeof key, Post[]>>('GET', path, { token });
    expect(reply.status).toBe(200);
    return findPost(reply.body[key], scene.postId);
  };
}

function findPost(posts: Post[], id: string) {
  const post = posts.find((candidate) => candidate._id === id);
  expect(post, `post ${id} is listed`).toBeDefined();
  return post!;
}

const usernames = (users: UserSummary[]) => users.map((user) => user.username);
const reactions = (post: Post) => ({
  likeCount: post.likes.likeCount,
  likedBy: usernames(post.likes.likedBy),
  dislikedBy: usernames(post.likes.dislikedBy),
});
const comments = (post: Post) => ({
  commentCount: post.commentCount,
  texts: post.comments.map((c) => c.text),
});
const votes = (post: Post) => ({
  upvotedBy: usernames(post.comments[0]!.votes.upvotedBy),
  downvotedBy: usernames(post.comments[0]!.votes.downvotedBy),
});

const like = (scene: Scene, account: Account) =>
  send(scene, account, 'POST', `/api/posts/like/${scene.postId}`);
const dislike = (scene: Scene, account: Account) =>
  send(scene, account, 'POST', `/api/posts/dislike/${scene.postId}`);
async function comment(scene: Scene, text = 'First!') {
  const answer = await send(
    scene,
    scene.commenter,
    'POST',
    `/api/comments/add/${scene.postId}?return=minimal`,
    {
      commentData: { text },
    },
  );
  scene.commentId = answer.comment!._id;
}
/** More comments than a preview (3) or a listed post (the nested cap, 4) shows. */
const fourComments = ['One', 'Two', 'Three', 'Four'];
const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const vote = (scene: Scene, kind: 'up' | 'down') =>
  send(scene, scene.voter, 'POST', `/api/comments/${kind}vote/${scene.postId}/${scene.commentId}`);
async function newAvatar(scene: Scene, account: Account) {
  const avatarURL = `https://example.com/avatars/${uniqueName('avatar')}.png`;
  await send(scene, account, 'POST', '/api/users/edit?return=minimal', { updatedUserData: { avatarURL } });
  return avatarURL;
}

interface Case {
  name: string;
  setup?: (scene: Scene) => Promise<unknown>;
  /** Makes the change and answers what `seen` must give after it, on every route. */
  change: (scene: Scene) => Promise<unknown>;
  seen: (post: Post) => unknown;
}

/** Someone who likes the post, comments on it and votes on that comment, then deletes their account. */
const leaving = new Map<string, Account>();

async function leaver(scene: Scene): Promise<Account> {
  const username = uniqueName('leaver');
  const reply = await scene.write('POST', '/api/auth/signup', {
    body: { username, password, firstName: 'Cache', lastName: 'leaver' },
  });
  const account = { token: reply.body.encodedToken as string, username };
  await like(scene, account);
  const answer = await send(scene, account, 'POST', `/api/comments/add/${scene.postId}?return=minimal`, {
    commentData: { text: 'Leaving soon' },
  });
  await send(scene, account, 'POST', `/api/comments/upvote/${scene.postId}/${answer.comment!._id}`);
  return account;
}

const cases: Case[] = [
  {
    name: 'content edit',
    change: async (scene) => {
      const content = `Edited ${uniqueName('content')}`;
      await send(scene, scene.author, 'POST', `/api/posts/edit/${scene.postId}`, { postData: { content } });
      return content;
    },
    seen: (post) => post.content,
  },
  {
    name: 'like',
    change: async (scene) => {
      await like(scene, scene.liker);
      return { likeCount: 1, likedBy: [scene.liker.username], dislikedBy: [] };
    },
    seen: reactions,
  },
  {
    name: 'dislike',
    setup: (scene) => like(scene, scene.liker),
    change: async (scene) => {
      await dislike(scene, scene.disliker);
      return { likeCount: 1, likedBy: [scene.liker.username], dislikedBy: [scene.disliker.username] };
    },
    seen: reactions,
  },
  {
    name: 'like → dislike switch',
    setup: (scene) => like(scene, scene.liker),
    change: async (scene) => {
      await dislike(scene, scene.liker);
      return { likeCount: 0, likedBy: [], dislikedBy: [scene.liker.username] };
    },
    seen: reactions,
  },
  {
    name: 'dislike → like switch',
    setup: async (scene) => {
      await like(scene, scene.liker);
      await dislike(scene, scene.disliker);
    },
    change: async (scene) => {
      await like(scene, scene.disliker);
      return {
        likeCount: 2,
        likedBy: [scene.liker.username, scene.disliker.username],
        dislikedBy: [],
      };
    },
    seen: reactions,
  },
  {
    name: 'comment added',
    change: async (scene) => {
      await comment(scene);
      return { commentCount: 1, texts: ['First!'] };
    },
    seen: comments,
  },
  {
    // A list that is full already keeps its comments (each route shows the first few, in order); the
    // count moves.
    name: 'comment added after the shown ones',
    setup: async (scene) => {
      for (const text of fourComments) await comment(scene, text);
    },
    change: async (scene) => {
      await comment(scene, 'Five');
      return { commentCount: 5, firstInOrder: true };
    },
    seen: (post) => {
      const texts = post.comments.map((c) => c.text);
      return {
        commentCount: post.commentCount,
        firstInOrder: isEqual(texts, [...fourComments, 'Five'].slice(0, texts.length)),
      };
    },
  },
  {
    name: 'comment edited',
    setup: comment,
    change: async (scene) => {
      const text = `Edited ${uniqueName('comment')}`;
      await send(scene, scene.commenter, 'POST', `/api/comments/edit/${scene.postId}/${scene.commentId}`, {
        commentData: { text },
      });
      return text;
    },
    seen: (post) => post.comments[0]?.text,
  },
  {
    name: 'comment deleted',
    setup: comment,
    change: async (scene) => {
      await send(scene, scene.commenter, 'POST', `/api/comments/delete/${scene.postId}/${scene.commentId}`);
      return { commentCount: 0, texts: [] };
    },
    seen: comments,
  },
  {
    name: 'comment upvote',
    setup: comment,
    change: async (scene) => {
      await vote(scene, 'up');
      return { upvotedBy: [scene.voter.username], downvotedBy: [] };
    },
    seen: votes,
  },
  {
    name: 'comment downvote',
    setup: comment,
    change: async (scene) => {
      await vote(scene, 'down');
      return { upvotedBy: [], downvotedBy: [scene.voter.username] };
    },
    seen: votes,
  },
  {
    name: 'comment vote switch (up → down)',
    setup: async (scene) => {
      await comment(scene);
      await vote(scene, 'up');
    },
    change: async (scene) => {
      await vote(scene, 'down');
      return { upvotedBy: [], downvotedBy: [scene.voter.username] };
    },
    seen: votes,
  },
  {
    name: "the author's avatar change",
    change: (scene) => newAvatar(scene, scene.author),
    seen: (post) => post.avatarURL,
  },
  {
    name: "a liker's avatar change",
    setup: (scene) => like(scene, scene.liker),
    change: (scene) => newAvatar(scene, scene.liker),
    seen: (post) => post.likes.likedBy[0]?.avatarURL,
  },
  {
    name: "a commenter's avatar change",
    setup: comment,
    change: (scene) => newAvatar(scene, scene.commenter),
    seen: (post) => post.comments[0]?.avatarURL,
  },
  {
    name: "a voter's avatar change",
    setup: async (scene) => {
      await comment(scene);
      await vote(scene, 'up');
    },
    change: (scene) => newAvatar(scene, scene.voter),
    seen: (post) => post.comments[0]?.votes.upvotedBy[0]?.avatarURL,
  },
  {
    name: 'a liker and commenter deletes their account',
    setup: async (scene) => {
      leaving.set(scene.postId, await leaver(scene));
    },
    change: async (scene) => {
      await send(scene, leaving.get(scene.postId)!, 'POST', '/api/account/delete', { password });
      return { likeCount: 0, likedBy: [], comments: 0, commentCount: 0 };
    },
    seen: (post) => ({
      likeCount: post.likes.likeCount,
      likedBy: post.likes.likedBy.map((user) => user.username),
      comments: post.comments.length,
      commentCount: post.commentCount,
    }),
  },
];

/**
 * Runs every case: the scene is written through `writer`, read (and so cached) through `reader`,
 * changed through `writer`, and read back through `reader`.
 */
function freshnessCases(servers: () => { reader: Instance; writer: Instance }) {
  const accounts = {} as Record<
    'author' | 'liker' | 'disliker' | 'commenter' | 'voter' | 'bookmarker',
    Account
  >;

  beforeAll(async () => {
    const { writer } = servers();
    for (const role of ['author', 'liker', 'disliker', 'commenter', 'voter', 'bookmarker'] as const) {
      const username = uniqueName(role);
      const reply = await writer.request('POST', '/api/auth/signup', {
        body: { username, password, firstName: 'Cache', lastName: role },
      });
      expect(reply.status).toBe(201);
      accounts[role] = { token: reply.body.encodedToken, username };
    }
  });

  it.each(cases)('$name shows at once on every route', async ({ setup, change, seen }) => {
    const { reader, writer } = servers();
    const created = await writer.request('POST', '/api/posts?return=post', {
      token: accounts.author.token,
      body: { postData: { content: 'A post to cache' } },
    });
    expect(created.status).toBe(201);
    const scene: Scene = { ...accounts, postId: created.body.post._id, write: writer.request };
    await send(scene, scene.bookmarker, 'POST', `/api/users/bookmark/${scene.postId}`);
    await setup?.(scene);

    const readEverywhere = () =>
      Promise.all(
        routes.map(async (route) => ({ route: route.name, post: await route.read(reader.request, scene) })),
      );
    const before = await readEverywhere();
    await expectCached(reader, scene.postId);

    const expected = await change(scene);
    for (const { route, post } of before) {
      expect(seen(post), `${route} before the change`).not.toEqual(expected);
    }
    const after = await readEverywhere();
    for (const { route, post } of after) {
      expect(seen(post), `${route} after the change`).toEqual(expected);
    }
    // Whole, each answer is what it is with nothing cached (lists brought forward in the cache included).
    reader.app.deps.hydrator.cache.clear();
    const uncached = await readEverywhere();
    after.forEach(({ route, post }, index) => {
      expect(post, `${route} from the cache`).toEqual(uncached[index]!.post);
    });
    await send(scene, scene.author, 'DELETE', `/api/posts/${scene.postId}?return=minimal`);
  });
}

/** Both shapes of the post are in the reader's cache at the version the database holds: the reads did cache it. */
async function expectCached(reader: Instance, postId: string) {
  const { version } = await reader.app.deps.db
    .selectFrom('posts')
    .select('version')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  for (const shape of ['preview', 'full']) {
    expect(
      reader.app.deps.hydrator.cache.get(`${shape}:${postId}`, version),
      `${shape} cached`,
    ).toBeDefined();
  }
}

describeEachDatabase('the post cache never serves a stale post', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  describe('one app', () => {
    freshnessCases(() => ({ reader: server, writer: server }));
  });

  // Two processes of one deployment share a PostgreSQL database, each with its own cache: a change
  // through one must show through the other, which was told nothing.
  (dialect === 'postgres' ? describe : describe.skip)(
    'two apps on one database: read through B, change through A',
    () => {
      let second: Awaited<ReturnType<typeof startSecondServer>>;
      beforeAll(async () => {
        second = await startSecondServer(server);
      });
      afterAll(() => second.close());

      freshnessCases(() => ({ reader: second, writer: server }));
    },
  );
});
