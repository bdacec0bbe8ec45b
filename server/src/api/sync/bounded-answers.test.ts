import type { Comment, Post, User } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerCaps } from '../../config.js';
import type { Db } from '../../data/database.js';
import { expectPosts, expectUser, rowCounts, uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

/**
 * Contract answers are bounded by the answer caps, counts stay exact, and the signed-in user's own
 * entries are always listed. Every list is checked against the rows: its head is exactly the first
 * entries in the list's order, and anything past the cap is one of the viewer's own entries.
 */

const caps: AnswerCaps = { posts: 5, users: 4, entries: 3, nested: 2, ownFollowing: 4 };
const capsEnv = {
  CAP_POSTS: String(caps.posts),
  CAP_USERS: String(caps.users),
  CAP_ENTRIES: String(caps.entries),
  CAP_NESTED_ENTRIES: String(caps.nested),
  CAP_OWN_FOLLOWING: String(caps.ownFollowing),
};

/** What the database holds, each list in the order its answers list it. */
async function readRows(db: Db) {
  const [reactions, comments, votes, follows, bookmarks] = await Promise.all([
    db.selectFrom('post_reactions').selectAll().orderBy('created_at').orderBy('user_id').execute(),
    db.selectFrom('comments').select(['id', 'post_id']).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('comment_votes').selectAll().orderBy('created_at').orderBy('user_id').execute(),
    db.selectFrom('follows').selectAll().orderBy('created_at').execute(),
    db.selectFrom('bookmarks').selectAll().orderBy('created_at', 'desc').orderBy('post_id', 'desc').execute(),
  ]);
  // Each relation is listed oldest first, ties by the member's id: sorted here as the server sorts them.
  const byTimeThen = (member: 'follower_id' | 'followee_id') =>
    [...follows].sort((a, b) =>
      a.created_at === b.created_at ? (a[member] < b[member] ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    );
  return {
    reactors: (postId: string, kind: 'like' | 'dislike') =>
      reactions.filter((row) => row.post_id === postId && row.kind === kind).map((row) => row.user_id),
    comments: (postId: string) => comments.filter((row) => row.post_id === postId).map((row) => row.id),
    voters: (commentId: string, kind: 'up' | 'down') =>
      votes.filter((row) => row.comment_id === commentId && row.kind === kind).map((row) => row.user_id),
    followers: (userId: string) =>
      byTimeThen('follower_id')
        .filter((row) => row.followee_id === userId)
        .map((row) => row.follower_id),
    following: (userId: string) =>
      byTimeThen('followee_id')
        .filter((row) => row.follower_id === userId)
        .map((row) => row.followee_id),
    bookmarks: (userId: string) =>
      bookmarks.filter((row) => row.user_id === userId).map((row) => row.post_id),
  };
}
type Rows = Awaited<ReturnType<typeof readRows>>;

const ids = (items: { _id: string }[]) => items.map((item) => item._id);

/**
 * A capped list: no one twice, its first `cap` entries exactly the first `cap` members, anything after
 * them one of `own`, and every member in `own` listed.
 */
function expectCapped(label: string, listed: string[], members: string[], cap: number, own: string[]) {
  expect(new Set(listed).size, `${label}: nobody twice`).toBe(listed.length);
  expect(listed.slice(0, cap), `${label}: the first ${cap}`).toEqual(members.slice(0, cap));
  for (const extra of listed.slice(cap))
    expect(own, `${label}: past the cap, only own entries`).toContain(extra);
  for (const id of own) expect(listed, `${label}: own entry ${id} listed`).toContain(id);
}

/** The viewer's own entry on a list: listed whenever they are a member of it. */
const ownEntry = (members: string[], viewerId: string | undefined) =>
  viewerId !== undefined && members.includes(viewerId) ? [viewerId] : [];

/**
 * The one post or user an answer is about shows its lists up to `entries`; a post or user inside a list,
 * up to `nested`; a comment's voters are always nested (a comment is always listed).
 */
type Depth = 'entries' | 'nested';

function expectBoundedPost(post: Post, rows: Rows, viewerId: string | undefined, depth: Depth) {
  const label = `post ${post._id}`;
  const likers = rows.reactors(post._id, 'like');
  const dislikers = rows.reactors(post._id, 'dislike');
  const comments = rows.comments(post._id);
  expect(post.likes.likeCount, `${label} likeCount`).toBe(likers.length);
  expect(post.commentCount, `${label} commentCount`).toBe(comments.length);
  const cap = caps[depth];
  expectCapped(`${label} likedBy`, ids(post.likes.likedBy), likers, cap, ownEntry(likers, viewerId));
  expectCapped(
    `${label} dislikedBy`,
    ids(post.likes.dislikedBy),
    dislikers,
    cap,
    ownEntry(dislikers, viewerId),
  );
  expectCapped(`${label} comments`, ids(post.comments), comments, cap, []);
  for (const comment of post.comments) expectBoundedComment(comment, rows, viewerId);
}

function expectBoundedComment(comment: Comment, rows: Rows, viewerId: string | undefined) {
  for (const [kind, list] of [
    ['up', comment.votes.upvotedBy],
    ['down', comment.votes.downvotedBy],
  ] as const) {
    const voters = rows.voters(comment._id, kind);
    expectCapped(
      `comment ${comment._id} ${kind}voters`,
      ids(list),
      voters,
      caps.nested,
      ownEntry(voters, viewerId),
    );
  }
}

/**
 * A user object as `viewerId` sees it, in an answer showing `shownIds`: every follow between the viewer
 * and someone the answer shows is listed on both sides, and the viewer's own following has its own cap.
 */
function expectBoundedUser(
  user: User,
  rows: Rows,
  viewerId: string | undefined,
  shownIds: string[],
  depth: Depth,
) {
  const label = `user ${user.username}`;
  const followers = rows.followers(user._id);
  const following = rows.following(user._id);
  const isSelf = user._id === viewerId;
  expect(user.followerCount, `${label} followerCount`).toBe(followers.length);
  expect(user.followingCount, `${label} followingCount`).toBe(following.length);
  const own = (members: string[]) =>
    members.filter((id) => id === viewerId || (isSelf && shownIds.includes(id)));
  expectCapped(`${label} followers`, ids(user.followers), followers, caps[depth], own(followers));
  expectCapped(
    `${label} following`,
    ids(user.following),
    following,
    isSelf ? caps.ownFollowing : caps[depth],
    own(following),
  );
  if (!isSelf) {
    expect(user.bookmarks, `${label} bookmarks are private`).toEqual([]);
    return;
  }
  const bookmarksShown = depth === 'entries' ? caps.posts : caps.nested;
  expect(ids(user.bookmarks), `${label} bookmarks: the most recent ${bookmarksShown}`).toEqual(
    rows.bookmarks(user._id).slice(0, bookmarksShown),
  );
  for (const post of user.bookmarks) expectBoundedPost(post, rows, viewerId, 'nested');
}

function expectBoundedUsers(users: User[], rows: Rows, viewerId: string | undefined) {
  for (const user of users) expectBoundedUser(user, rows, viewerId, ids(users), 'nested');
}

interface Account {
  id: string;
  username: string;
  token: string;
}

describeEachDatabase('bounded answers', (dialect) => {
  describe(`with small caps (${JSON.stringify(capsEnv)})`, () => {
    let server: TestServer;
    let db: Db;
    /** Signs up before everyone else, so the newest users never include them unless they must. */
    let viewer: Account;
    /** Writes every post; followed by everyone. */
    let star: Account;
    let fans: Account[];
    let postIds: string[];
    /** The newest post: more likers and comments than the cap, the viewer's like last. */
    let crowded: string;
    /** More dislikers than the cap, the viewer's dislike last. */
    let disputed: string;
    /** The first two comments of `crowded`: more up- (down-)voters than the cap, the viewer's vote last. */
    let upvoted: string;
    let downvoted: string;

    const ok = async <Method extends string, Url extends string>(
      account: Account,
      method: Method,
      path: Url,
      body?: unknown,
    ) => {
      const reply = await server.request(method, path, { token: account.token, body });
      expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
      return reply.body;
    };
    const signup = async (prefix: string): Promise<Account> => {
      const { token, user } = await server.signup(uniqueName(prefix));
      return { id: user._id, username: user.username, token };
    };
    const rows = () => readRows(db);

    beforeAll(async () => {
      server = await startServer(dialect, { env: capsEnv, seed: false });
      db = server.database.db;
      viewer = await signup('viewer');
      star = await signup('star');
      fans = [];
      for (let i = 0; i < 6; i++) fans.push(await signup(`fan${i}`));
      const [f0, f1, f2, f3, f4, f5] = fans as [Account, Account, Account, Account, Account, Account];

      postIds = [];
      for (let i = 0; i < caps.posts + 2; i++) {
        const answer = await ok(star, 'POST', '/api/posts?return=post', {
          postData: { content: `Post ${i}` },
        });
        postIds.push(answer.post._id);
      }
      crowded = postIds.at(-1)!;
      disputed = postIds.at(-2)!;

      for (const fan of fans.slice(0, 5)) await ok(fan, 'POST', `/api/posts/like/${crowded}?return=minimal`);
      await ok(viewer, 'POST', `/api/posts/like/${crowded}?return=minimal`);
      await ok(f0, 'POST', `/api/posts/like/${disputed}?return=minimal`);
      for (const fan of fans.slice(1)) await ok(fan, 'POST', `/api/posts/dislike/${disputed}?return=minimal`);
      await ok(viewer, 'POST', `/api/posts/dislike/${disputed}?return=minimal`);

      const commentIds = [];
      for (const author of [...fans.slice(0, 5), viewer]) {
        const answer = await ok(author, 'POST', `/api/comments/add/${crowded}?return=minimal`, {
          commentData: { text: `From ${author.username}` },
        });
        commentIds.push(answer.comment!._id);
      }
      [upvoted, downvoted] = commentIds as [string, string];
      for (const [commentId, kind] of [
        [upvoted, 'up'],
        [downvoted, 'down'],
      ] as const) {
        for (const voter of [...fans, viewer]) {
          await ok(voter, 'POST', `/api/comments/${kind}vote/${crowded}/${commentId}?return=minimal`);
        }
      }

      // The star has more followers than the cap, the viewer last; the viewer follows more people
      // than their own cap; one fan follows more people than the cap; one fan follows the viewer.
      for (const fan of fans) await ok(fan, 'POST', `/api/users/follow/${star.id}?return=minimal`);
      for (const fan of fans.slice(0, 5))
        await ok(viewer, 'POST', `/api/users/follow/${fan.id}?return=minimal`);
      await ok(viewer, 'POST', `/api/users/follow/${star.id}?return=minimal`);
      for (const fan of [f1, f2, f3, f4]) await ok(f0, 'POST', `/api/users/follow/${fan.id}?return=minimal`);
      await ok(f5, 'POST', `/api/users/follow/${viewer.id}?return=minimal`);

      for (const postId of postIds) await ok(viewer, 'POST', `/api/users/bookmark/${postId}?return=minimal`);
    });
    afterAll(() => server?.close());

    it('the data exceeds every cap', async () => {
      const data = await rows();
      expect(postIds.length).toBeGreaterThan(caps.posts);
      expect(2 + fans.length).toBeGreaterThan(caps.users);
      expect(data.reactors(crowded, 'like').length).toBeGreaterThan(caps.entries);
      expect(data.reactors(disputed, 'dislike').length).toBeGreaterThan(caps.entries);
      expect(data.comments(crowded).length).toBeGreaterThan(caps.entries);
      expect(data.voters(upvoted, 'up').length).toBeGreaterThan(caps.entries);
      expect(data.voters(downvoted, 'down').length).toBeGreaterThan(caps.entries);
      expect(data.followers(star.id).length).toBeGreaterThan(caps.entries);
      expect(data.following(fans[0]!.id).length).toBeGreaterThan(caps.entries);
      expect(data.following(viewer.id).length).toBeGreaterThan(caps.ownFollowing);
      expect(data.bookmarks(viewer.id).length).toBeGreaterThan(caps.posts);
      // The viewer's entries are past the caps, so only the own-entry rule can list them.
      expect(data.reactors(crowded, 'like').indexOf(viewer.id)).toBeGreaterThanOrEqual(caps.entries);
      expect(data.reactors(disputed, 'dislike').indexOf(viewer.id)).toBeGreaterThanOrEqual(caps.entries);
      expect(data.voters(upvoted, 'up').indexOf(viewer.id)).toBeGreaterThanOrEqual(caps.entries);
      expect(data.voters(downvoted, 'down').indexOf(viewer.id)).toBeGreaterThanOrEqual(caps.entries);
      expect(data.followers(star.id).indexOf(viewer.id)).toBeGreaterThanOrEqual(caps.entries);
      expect(data.following(viewer.id).indexOf(star.id)).toBeGreaterThanOrEqual(caps.ownFollowing);
    });

    const viewers: [string, () => Account | undefined][] = [
      ['anonymous', () => undefined],
      ['signed in', () => viewer],
    ];
    describe.each(viewers)('read %s', (_, who) => {
      const token = () => who()?.token;
      const viewerId = () => who()?.id;

      it(`GET /api/posts: the newest ${caps.posts} in creation order, each bounded`, async () => {
        const reply = await server.request('GET', '/api/posts', { token: token() });
        expect(reply.status).toBe(200);
        expect(ids(reply.body.posts)).toEqual(postIds.slice(-caps.posts));
        const data = await rows();
        for (const post of reply.body.posts) expectBoundedPost(post, data, viewerId(), 'nested');
      });

      it(`GET /api/users: the newest ${caps.users} sign-ups in order (and the viewer), each bounded`, async () => {
        const reply = await server.request('GET', '/api/users', { token: token() });
        expect(reply.status).toBe(200);
        const newest = ids(
          await db
            .selectFrom('accounts')
            .innerJoin('users', 'users.account_id', 'accounts.id')
            .select('accounts.id as _id')
            .orderBy('accounts.created_at')
            .orderBy('accounts.id')
            .execute(),
        ).slice(-caps.users);
        expect(ids(reply.body.users)).toEqual(viewerId() ? [viewerId(), ...newest] : newest);
        expectBoundedUsers(reply.body.users, await rows(), viewerId());
      });

      it('GET /api/posts/:id: every list capped, counts exact', async () => {
        const data = await rows();
        for (const postId of [crowded, disputed]) {
          const reply = await server.request('GET', `/api/posts/${postId}`, { token: token() });
          expect(reply.status).toBe(200);
          expectBoundedPost(reply.body.post, data, viewerId(), 'entries');
        }
      });

      it(`GET /api/comments/:postId: the first ${caps.entries} comments, voters capped`, async () => {
        const reply = await server.request('GET', `/api/comments/${crowded}`, { token: token() });
        expect(reply.status).toBe(200);
        const data = await rows();
        expect(ids(reply.body.comments)).toEqual(data.comments(crowded).slice(0, caps.entries));
        for (const comment of reply.body.comments) expectBoundedComment(comment, data, viewerId());
      });

      it('GET /api/users/:username: followers and following capped, counts exact', async () => {
        const data = await rows();
        for (const account of [star, fans[0]!, fans[5]!, viewer]) {
          const reply = await server.request('GET', `/api/users/${account.username}`, { token: token() });
          expect(reply.status).toBe(200);
          expectBoundedUser(reply.body.user, data, viewerId(), [account.id], 'entries');
        }
      });
    });

    it("the viewer's own entries are listed though the caps cut them off", async () => {
      const { post } = (await server.request('GET', `/api/posts/${crowded}`, { token: viewer.token })).body;
      expect(ids(post.likes.likedBy)).toContain(viewer.id);
      const comments = new Map<string, Comment>(post.comments.map((comment) => [comment._id, comment]));
      expect(ids(comments.get(upvoted)!.votes.upvotedBy)).toContain(viewer.id);
      expect(ids(comments.get(downvoted)!.votes.downvotedBy)).toContain(viewer.id);
      const disputedPost = (await server.request('GET', `/api/posts/${disputed}`, { token: viewer.token }))
        .body.post;
      expect(ids(disputedPost.likes.dislikedBy)).toContain(viewer.id);
      const starUser = (await server.request('GET', `/api/users/${star.username}`, { token: viewer.token }))
        .body.user;
      expect(ids(starUser.followers)).toContain(viewer.id);
      const anonymous = (await server.request('GET', `/api/posts/${crowded}`)).body.post;
      expect(ids(anonymous.likes.likedBy)).not.toContain(viewer.id);
    });

    it("a page's posts, rendered once for everyone, show each viewer their own votes only", async () => {
      const previewOf = async (token: string | undefined) => {
        const reply = await server.request('GET', '/api/posts?limit=5', { token });
        expect(reply.status).toBe(200);
        const post = reply.body.posts.find((candidate) => candidate._id === crowded)!;
        const comment = post.comments.find((candidate) => candidate._id === upvoted)!;
        return ids(comment.votes.upvotedBy);
      };
      // Anonymous first, so the shared rendering exists before the viewer's page is made.
      for (const reader of [undefined, viewer.token, fans[0]!.token, undefined, viewer.token]) {
        const upvoters = await previewOf(reader);
        if (reader === viewer.token) expect(upvoters).toContain(viewer.id);
        else expect(upvoters).not.toContain(viewer.id);
      }
    });

    it("login's foundUser: own following and bookmarks capped, counts exact, email there", async () => {
      const reply = await server.request('POST', '/api/auth/login', {
        body: { username: viewer.username, password: 'password123' },
      });
      expect(reply.status).toBe(200);
      const user = reply.body.foundUser;
      expect(user._id).toBe(viewer.id);
      expect(typeof user.email).toBe('string');
      expect(user.bookmarks).toHaveLength(caps.posts);
      expectBoundedUser(user, await rows(), viewer.id, [viewer.id], 'entries');
    });

    it('follow and unfollow answers: users capped (both users in), lists capped, counts exact', async () => {
      const unfollow = await ok(viewer, 'POST', `/api/users/unfollow/${star.id}`);
      let data = await rows();
      expect(ids(unfollow.users)).toEqual(expect.arrayContaining([viewer.id, star.id]));
      expect(unfollow.users.length).toBeLessThanOrEqual(caps.users + 2);
      expectBoundedUsers(unfollow.users, data, viewer.id);
      expect(unfollow.currentUser).toEqual(unfollow.users.find((user) => user._id === viewer.id));
      expect(unfollow.followUser).toEqual(unfollow.users.find((user) => user._id === star.id));
      expect(ids(unfollow.followUser!.followers)).not.toContain(viewer.id);
      expect(ids(unfollow.currentUser.following)).not.toContain(star.id);

      const follow = await ok(viewer, 'POST', `/api/users/follow/${star.id}`);
      data = await rows();
      expect(data.followers(star.id).indexOf(viewer.id)).toBeGreaterThanOrEqual(caps.entries);
      expectBoundedUsers(follow.users, data, viewer.id);
      const starUser = follow.users.find((user) => user._id === star.id)!;
      expect(ids(starUser.followers)).toContain(viewer.id);
      expect(ids(follow.currentUser.following)).toContain(star.id);

      const minimal = await ok(viewer, 'POST', `/api/users/unfollow/${star.id}?return=minimal`);
      data = await rows();
      expect(minimal).toEqual({
        followUserId: star.id,
        following: false,
        followerCount: data.followers(star.id).length,
        followingCount: data.following(viewer.id).length,
      });
      await ok(viewer, 'POST', `/api/users/follow/${star.id}?return=minimal`);
    });

    it('the like answer (no ?return): every post capped, the viewer in likedBy', async () => {
      const liked = postIds.at(-3)!;
      const answer = await ok(viewer, 'POST', `/api/posts/like/${liked}`);
      expect(ids(answer.posts)).toEqual(postIds.slice(-caps.posts));
      const data = await rows();
      for (const post of answer.posts) expectBoundedPost(post, data, viewer.id, 'nested');
      expect(ids(answer.posts.find((post) => post._id === liked)!.likes.likedBy)).toContain(viewer.id);
    });

    it(`bookmark answers: the ${caps.posts} most recent bookmarks, each capped`, async () => {
      const oldest = postIds[0]!;
      const removed = await ok(viewer, 'POST', `/api/users/remove-bookmark/${oldest}`);
      let data = await rows();
      expect(ids(removed.bookmarks)).toEqual(data.bookmarks(viewer.id).slice(0, caps.posts));
      const added = await ok(viewer, 'POST', `/api/users/bookmark/${oldest}`);
      data = await rows();
      expect(ids(added.bookmarks)).toEqual(data.bookmarks(viewer.id).slice(0, caps.posts));
      expect(added.bookmarks[0]!._id).toBe(oldest);
      for (const post of added.bookmarks) expectBoundedPost(post, data, viewer.id, 'nested');
      const listed = await server.request('GET', '/api/users/bookmark', { token: viewer.token });
      expect(listed.body.bookmarks).toEqual(added.bookmarks);
    });
  });

  describe('with the default caps', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(dialect);
    });
    afterAll(() => server.close());

    it('no list of the demo data is cut', async () => {
      const db = server.database.db;
      const token = await server.login('guest', 'guest-password');
      const posts = (await server.request('GET', '/api/posts', { token })).body.posts;
      // expectPosts holds a whole post's lists to its counts, expectUser a user's lists to theirs.
      expectPosts(posts);
      const counts = await rowCounts(db);
      expect(posts).toHaveLength(counts.posts!);
      const users = (await server.request('GET', '/api/users', { token })).body.users;
      for (const user of users) expectUser(user);
      expect(users).toHaveLength(counts.users!);
      const data = await readRows(db);
      for (const post of posts) {
        expect(post.likes.dislikedBy).toHaveLength(data.reactors(post._id, 'dislike').length);
        for (const comment of post.comments) {
          expect(comment.votes.upvotedBy).toHaveLength(data.voters(comment._id, 'up').length);
          expect(comment.votes.downvotedBy).toHaveLength(data.voters(comment._id, 'down').length);
        }
      }
    });
  });
});
