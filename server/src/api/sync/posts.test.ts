import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import {
  expectError,
  expectNoSecrets,
  expectPost,
  expectPosts,
  uniqueName,
} from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  startServer,
  type Reply,
  type TestServer,
} from '../../test/harness.js';

describeEachDatabase('posts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const createPost = async (token: string, content: string) => {
    const reply = await server.request('POST', '/api/posts', { token, body: { postData: { content } } });
    expect(reply.status).toBe(201);
    return reply.body.posts.at(-1);
  };
  const storedPost = (id: string) =>
    server.database.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();

  describe('reads', () => {
    it('GET /posts: 200 {posts}, the four demo posts in creation order, whole, without a token', async () => {
      const reply = await server.request('GET', '/api/posts');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const seeded = reply.body.posts.slice(0, 4);
      expect(seeded.map((post) => post.username)).toEqual(['maya.chen', 'olu_ade', 'lena.k', 'noor.h']);
      const times = reply.body.posts.map((post) => post.createdAt);
      expect([...times].sort()).toEqual(times);
      const olu = seeded[1]!;
      expect(olu.likes.likeCount).toBe(4);
      expect(olu.likes.likedBy.map((user) => user.username).sort()).toEqual(
        ['guest', 'lena.k', 'maya.chen', 'sam_rivera'].sort(),
      );
      expect(olu.likes.dislikedBy.map((user) => user.username)).toEqual(['noor.h']);
      expect(olu.comments).toHaveLength(1);
      expect(olu.comments[0]!.votes.upvotedBy.map((user) => user.username).sort()).toEqual([
        'olu_ade',
        'sam_rivera',
      ]);
      expect(olu).toMatchObject({ firstName: 'Olu', lastName: 'Adebayo', avatarURL: '/avatars/olu_ade.png' });
      expectNoSecrets(reply.body);
    });

    it('GET /posts/:postId: 200 {post}, the same whole post', async () => {
      const all = (await server.request('GET', '/api/posts')).body.posts;
      const reply = await server.request('GET', `/api/posts/${all[0]!._id}`);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['post']);
      expectPost(reply.body.post);
      expect(reply.body.post).toEqual(all[0]);
    });

    it("GET /posts/:postId with a token adds the viewer's own state to the whole post", async () => {
      const all = (await server.request('GET', '/api/posts')).body.posts;
      const liked = all.find((post) => post.likes.likedBy.some((u) => u.username === 'guest'))!;
      const token = await server.login('guest', 'guest-password');
      expect((await server.request('POST', `/api/users/bookmark/${liked._id}`, { token })).status).toBe(200);
      const reply = await server.request('GET', `/api/posts/${liked._id}`, { token });
      expect(reply.body.post.viewer).toEqual({ liked: true, disliked: false, bookmarked: true });
      expect(reply.body.post.likes).toEqual(liked.likes);
      await server.request('POST', `/api/users/remove-bookmark/${liked._id}`, { token });
    });

    it.each(['00000000-0000-7000-8000-000000000000', 'not-an-id', "' OR 1=1 --"])(
      'GET /posts/%s (unknown or malformed): 404 with a clear message',
      async (id) => {
        const reply = await server.request('GET', `/api/posts/${encodeURIComponent(id)}`);
        expectError(reply, 404, Messages.postNotFound(id));
      },
    );

    it("GET /posts/user/:username: 200 {posts}, only that author's posts", async () => {
      const reply = await server.request('GET', '/api/posts/user/lena.k');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      expect(reply.body.posts.length).toBeGreaterThanOrEqual(1);
      expect(reply.body.posts.every((post) => post.username === 'lena.k')).toBe(true);
      const none = await server.request('GET', '/api/posts/user/sam_rivera');
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ posts: [] });
    });

    it('GET /posts/user/:username of an unknown user: 404', async () => {
      expectError(
        await server.request('GET', '/api/posts/user/nobody.here'),
        404,
        Messages.userNotFound('nobody.here'),
      );
    });
  });

  describe('create', () => {
    it('POST /posts: 201 {posts}; the new post is appended with no comments and no likes, and stored', async () => {
      const { token, user } = await server.signup(uniqueName('poster'));
      const before = (await server.request('GET', '/api/posts')).body.posts;
      const reply = await server.request('POST', '/api/posts', {
        token,
        body: { postData: { content: 'Hello, Sync!' } },
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      expect(reply.body.posts).toHaveLength(before.length + 1);
      expect(reply.body.posts.slice(0, -1).map((post) => post._id)).toEqual(before.map((post) => post._id));
      const created = reply.body.posts.at(-1)!;
      expect(created).toMatchObject({
        content: 'Hello, Sync!',
        username: user.username,
        firstName: 'Test',
        lastName: 'User',
        comments: [],
        commentCount: 0,
        likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
      });
      expect(created.createdAt).toBe(created.updatedAt);
      const row = await storedPost(created._id);
      expect(row).toMatchObject({ author_id: user._id, content: 'Hello, Sync!', like_count: 0 });
    });

    it('keeps creation order when many posts are created in quick succession', async () => {
      const { token } = await server.signup(uniqueName('rapid'));
      const contents = Array.from({ length: 15 }, (_, index) => `rapid post ${index}`);
      for (const content of contents) await createPost(token, content);
      const all = (await server.request('GET', '/api/posts')).body.posts;
      expect(all.slice(-15).map((post) => post.content)).toEqual(contents);
    });

    it('trims the content; emoji, RTL and zero-width characters are kept as written', async () => {
      const { token } = await server.signup(uniqueName('unicode'));
      const content = '🎉 مرحبا بالعالم \u200b zero\u200dwidth 👩‍👩‍👧';
      const created = (await createPost(token, `  ${content}\n `))!;
      expect(created.content).toBe(content);
      expect((await storedPost(created._id))?.content).toBe(content);
    });

    it('stores SQL and script fragments verbatim, as text', async () => {
      const { token } = await server.signup(uniqueName('verbatim'));
      const content = `'); DROP TABLE posts; -- <script>alert("x")</script> \\ %s`;
      const created = (await createPost(token, content))!;
      expect(created.content).toBe(content);
      const read = await server.request('GET', `/api/posts/${created._id}`);
      expect(read.body.post.content).toBe(content);
    });

    it.each([
      [{ postData: { content: 123 } }, 'postData.content must be text.'],
      [{ postData: {} }, 'postData.content is required.'],
      [{}, 'postData is required.'],
      [{ postData: 'text' }, 'postData must be an object.'],
      [{ postData: { content: null } }, 'postData.content must be text.'],
      [{ postData: { content: '' } }, "Post content can't be empty."],
      [{ postData: { content: ' \n\t ' } }, "Post content can't be empty."],
      [{ postData: { content: 'a\u0000b' } }, "Post content can't contain NUL characters."],
    ])('refuses %j: 400 with a clear message, nothing stored', async (body, message) => {
      const { token } = await server.signup(uniqueName('badpost'));
      const count = async () =>
        Number(
          (
            await server.database.db
              .selectFrom('posts')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      expectError(await server.request('POST', '/api/posts', { token, body }), 400, message);
      expect(await count()).toBe(before);
    });

    it('limits content to 5000 characters, counting an emoji as one', async () => {
      const { token } = await server.signup(uniqueName('limits'));
      expect((await createPost(token, 'a'.repeat(5000)))!.content).toHaveLength(5000);
      const emoji = '😀'.repeat(5000);
      expect((await createPost(token, emoji))!.content).toBe(emoji);
      expectError(
        await server.request('POST', '/api/posts', {
          token,
          body: { postData: { content: 'a'.repeat(5001) } },
        }),
        400,
        "Post content can't be longer than 5,000 characters (it has 5,001).",
      );
      expectError(
        await server.request('POST', '/api/posts', {
          token,
          body: { postData: { content: '😀'.repeat(5001) } },
        }),
        400,
      );
    });

    it('refuses malformed JSON (400) and a body over 64 KB (413)', async () => {
      const { token } = await server.signup(uniqueName('bodies'));
      expectError(
        await server.request('POST', '/api/posts', { token, rawBody: '{"postData": {"content": "x"' }),
        400,
        'The request body is not valid JSON.',
      );
      const huge = await server.request('POST', '/api/posts', {
        token,
        body: { postData: { content: 'a'.repeat(65 * 1024) } },
      });
      expectError(huge, 413);
    });

    it('?return=post answers {post}, a preview with the viewer state', async () => {
      const { token } = await server.signup(uniqueName('retpost'));
      const reply = await server.request('POST', '/api/posts?return=post', {
        token,
        body: { postData: { content: 'just this one' } },
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['post']);
      expectPost(reply.body.post, { preview: true });
      expect(reply.body.post.content).toBe('just this one');
      expect(reply.body.post.viewer).toEqual({ liked: false, disliked: false, bookmarked: false });
    });
  });

  describe('edit and delete', () => {
    it('POST /posts/edit/:postId: 201 {posts}; content and updatedAt change, createdAt does not', async () => {
      const { token } = await server.signup(uniqueName('editor'));
      const created = (await createPost(token, 'first draft'))!;
      server.clock.advance(1000);
      const reply = await server.request('POST', `/api/posts/edit/${created._id}`, {
        token,
        body: { postData: { content: 'second draft' } },
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const edited = reply.body.posts.find((post) => post._id === created._id)!;
      expect(edited.content).toBe('second draft');
      expect(edited.createdAt).toBe(created.createdAt);
      expect(edited.updatedAt > created.updatedAt).toBe(true);
      expect((await storedPost(created._id))?.content).toBe('second draft');
    });

    it("refuses to edit or delete another user's post: 400 with the spec texts, post unchanged", async () => {
      const owner = await server.signup(uniqueName('owner'));
      const other = await server.signup(uniqueName('other'));
      const created = (await createPost(owner.token, 'mine'))!;
      const edit = await server.request('POST', `/api/posts/edit/${created._id}`, {
        token: other.token,
        body: { postData: { content: 'hijacked' } },
      });
      expectError(edit, 400, Messages.editForeignPost);
      expect(edit.body.errors[0]).toBe("Cannot edit a Post doesn't belong to the logged in User.");
      const del = await server.request('DELETE', `/api/posts/${created._id}`, { token: other.token });
      expectError(del, 400, "Cannot delete a Post doesn't belong to the logged in User.");
      expect(Messages.deleteForeignPost).toBe("Cannot delete a Post doesn't belong to the logged in User.");
      expect((await storedPost(created._id))?.content).toBe('mine');
    });

    it('refuses edit, delete, like and dislike of an unknown post: 404', async () => {
      const { token } = await server.signup(uniqueName('ghost'));
      const id = '00000000-0000-7000-8000-00000000dead';
      expectError(
        await server.request('POST', `/api/posts/edit/${id}`, {
          token,
          body: { postData: { content: 'x' } },
        }),
        404,
        Messages.postNotFound(id),
      );
      expectError(
        await server.request('DELETE', `/api/posts/${id}`, { token }),
        404,
        Messages.postNotFound(id),
      );
      expectError(await server.request('POST', `/api/posts/like/${id}`, { token }), 404);
      expectError(await server.request('POST', `/api/posts/dislike/${id}`, { token }), 404);
    });

    it('refuses an edit to empty content or over the limit: 400, unchanged', async () => {
      const { token } = await server.signup(uniqueName('editbad'));
      const created = (await createPost(token, 'keep me'))!;
      for (const content of ['', '   ', 'b'.repeat(5001)]) {
        expectError(
          await server.request('POST', `/api/posts/edit/${created._id}`, {
            token,
            body: { postData: { content } },
          }),
          400,
        );
      }
      expect((await storedPost(created._id))?.content).toBe('keep me');
    });

    it('DELETE /posts/:postId: 201 {posts}; its comments, votes, reactions and bookmarks go too', async () => {
      const owner = await server.signup(uniqueName('deleter'));
      const fan = await server.signup(uniqueName('fan'));
      const hater = await server.signup(uniqueName('hater'));
      const created = (await createPost(owner.token, 'short-lived'))!;
      const id = created._id;
      expect((await server.request('POST', `/api/posts/like/${id}`, { token: fan.token })).status).toBe(201);
      expect((await server.request('POST', `/api/posts/dislike/${id}`, { token: hater.token })).status).toBe(
        201,
      );
      const commented = await server.request('POST', `/api/comments/add/${id}`, {
        token: fan.token,
        body: { commentData: { text: 'nice' } },
      });
      const commentId = commented.body.posts.find((post) => post._id === id)!.comments[0]!._id;
      await server.request('POST', `/api/comments/upvote/${id}/${commentId}`, { token: owner.token });
      expect((await server.request('POST', `/api/users/bookmark/${id}`, { token: fan.token })).status).toBe(
        200,
      );

      const db = server.database.db;
      const counts = async () => ({
        reactions: (
          await db.selectFrom('post_reactions').select('user_id').where('post_id', '=', id).execute()
        ).length,
        comments: (await db.selectFrom('comments').select('id').where('post_id', '=', id).execute()).length,
        votes: (
          await db.selectFrom('comment_votes').select('user_id').where('comment_id', '=', commentId).execute()
        ).length,
        bookmarks: (await db.selectFrom('bookmarks').select('user_id').where('post_id', '=', id).execute())
          .length,
      });
      expect(await counts()).toEqual({ reactions: 2, comments: 1, votes: 1, bookmarks: 1 });

      const reply = await server.request('DELETE', `/api/posts/${id}`, { token: owner.token });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      expect(reply.body.posts.some((post) => post._id === id)).toBe(false);
      expect(await storedPost(id)).toBeUndefined();
      expect(await counts()).toEqual({ reactions: 0, comments: 0, votes: 0, bookmarks: 0 });
      expect((await server.request('GET', '/api/users/bookmark', { token: fan.token })).body).toEqual({
        bookmarks: [],
      });
      expectError(await server.request('GET', `/api/posts/${id}`), 404);
      expectError(await server.request('DELETE', `/api/posts/${id}`, { token: owner.token }), 404);
    });

    it('?return=post on edit and dislike answers {post}', async () => {
      const author = await server.signup(uniqueName('retedit'));
      const critic = await server.signup(uniqueName('retcritic'));
      const created = (await createPost(author.token, 'before'))!;
      const edit = await server.request('POST', `/api/posts/edit/${created._id}?return=post`, {
        token: author.token,
        body: { postData: { content: 'after' } },
      });
      expect(edit.status).toBe(201);
      expect(Object.keys(edit.body)).toEqual(['post']);
      expectPost(edit.body.post, { preview: true });
      expect(edit.body.post.content).toBe('after');
      await server.request('POST', `/api/posts/like/${created._id}`, { token: author.token });
      const dislike = await server.request('POST', `/api/posts/dislike/${created._id}?return=post`, {
        token: critic.token,
      });
      expect(dislike.status).toBe(201);
      expect(Object.keys(dislike.body)).toEqual(['post']);
      expect(dislike.body.post.viewer).toEqual({ liked: false, disliked: true, bookmarked: false });
      expect(dislike.body.post.likes.dislikedBy.map((u) => u._id)).toEqual([critic.user._id]);
    });

    it('?return=minimal on delete answers {deleted}', async () => {
      const { token } = await server.signup(uniqueName('mindel'));
      const created = (await createPost(token, 'gone soon'))!;
      const reply = await server.request('DELETE', `/api/posts/${created._id}?return=minimal`, { token });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ deleted: created._id });
    });
  });

  describe('likes and dislikes', () => {
    it('like: 201 {posts}; the user joins likedBy and likeCount grows by one', async () => {
      const author = await server.signup(uniqueName('liked'));
      const fan = await server.signup(uniqueName('liker'));
      const created = (await createPost(author.token, 'like me'))!;
      const reply = await server.request('POST', `/api/posts/like/${created._id}`, { token: fan.token });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const post = reply.body.posts.find((p) => p._id === created._id)!;
      expect(post.likes).toEqual({
        likeCount: 1,
        likedBy: [
          {
            _id: fan.user._id,
            username: fan.user.username,
            firstName: 'Test',
            lastName: 'User',
            avatarURL: '',
          },
        ],
        dislikedBy: [],
      });
      expect((await storedPost(created._id))?.like_count).toBe(1);
    });

    it('refuses a second like with the spec text (trailing space included)', async () => {
      const author = await server.signup(uniqueName('twice'));
      const created = (await createPost(author.token, 'like me twice'))!;
      await server.request('POST', `/api/posts/like/${created._id}`, { token: author.token });
      const again = await server.request('POST', `/api/posts/like/${created._id}`, { token: author.token });
      expectError(again, 400, 'Cannot like a post that is already liked. ');
      expect(Messages.alreadyLiked).toBe('Cannot like a post that is already liked. ');
      expect((await storedPost(created._id))?.like_count).toBe(1);
    });

    it("dislike of a post nobody likes: 400 'Cannot decrement like less than 0.'", async () => {
      const { token } = await server.signup(uniqueName('zero'));
      const created = (await createPost(token, 'nobody likes me'))!;
      expectError(
        await server.request('POST', `/api/posts/dislike/${created._id}`, { token }),
        400,
        'Cannot decrement like less than 0.',
      );
      expect(
        await server.database.db
          .selectFrom('post_reactions')
          .selectAll()
          .where('post_id', '=', created._id)
          .execute(),
      ).toEqual([]);
    });

    it("dislike removes the caller's like (count −1) and records the dislike; a second dislike is refused", async () => {
      const author = await server.signup(uniqueName('mixed'));
      const a = await server.signup(uniqueName('a'));
      const b = await server.signup(uniqueName('b'));
      const created = (await createPost(author.token, 'mixed feelings'))!;
      const id = created._id;
      await server.request('POST', `/api/posts/like/${id}`, { token: a.token });
      await server.request('POST', `/api/posts/like/${id}`, { token: b.token });
      const reply = await server.request('POST', `/api/posts/dislike/${id}`, { token: a.token });
      expect(reply.status).toBe(201);
      const post = reply.body.posts.find((p) => p._id === id)!;
      expect(post.likes.likeCount).toBe(1);
      expect(post.likes.likedBy.map((u) => u.username)).toEqual([b.user.username]);
      expect(post.likes.dislikedBy.map((u) => u.username)).toEqual([a.user.username]);
      const again = await server.request('POST', `/api/posts/dislike/${id}`, { token: a.token });
      expectError(again, 400, 'Cannot dislike a post that is already disliked. ');
      expect(Messages.alreadyDisliked).toBe('Cannot dislike a post that is already disliked. ');
    });

    it('checks likeCount 0 before "already disliked"', async () => {
      const author = await server.signup(uniqueName('order'));
      const a = await server.signup(uniqueName('oa'));
      const b = await server.signup(uniqueName('ob'));
      const id = (await createPost(author.token, 'order of checks'))!._id;
      await server.request('POST', `/api/posts/like/${id}`, { token: a.token });
      expect((await server.request('POST', `/api/posts/dislike/${id}`, { token: b.token })).status).toBe(201);
      expect((await server.request('POST', `/api/posts/dislike/${id}`, { token: a.token })).status).toBe(201);
      // Now likeCount is 0 and b has already disliked: the zero check answers.
      expectError(
        await server.request('POST', `/api/posts/dislike/${id}`, { token: b.token }),
        400,
        Messages.likeBelowZero,
      );
    });

    it('like after a dislike switches it back: out of dislikedBy, into likedBy', async () => {
      const author = await server.signup(uniqueName('switch'));
      const a = await server.signup(uniqueName('sa'));
      const id = (await createPost(author.token, 'switch'))!._id;
      await server.request('POST', `/api/posts/like/${id}`, { token: author.token });
      await server.request('POST', `/api/posts/dislike/${id}`, { token: a.token });
      const reply = await server.request('POST', `/api/posts/like/${id}`, { token: a.token });
      expect(reply.status).toBe(201);
      const post = reply.body.posts.find((p) => p._id === id)!;
      expect(post.likes.likeCount).toBe(2);
      expect(post.likes.dislikedBy).toEqual([]);
      expect(post.likes.likedBy.map((u) => u._id).sort()).toEqual([author.user._id, a.user._id].sort());
    });

    it('keeps likeCount === likedBy.length through a long mix of likes and dislikes (model check)', async () => {
      const author = await server.signup(uniqueName('model'));
      const people = [
        author,
        ...(await Promise.all([1, 2, 3].map((n) => server.signup(uniqueName(`m${n}`))))),
      ];
      const id = (await createPost(author.token, 'the model post'))!._id;
      const liked = new Set<string>();
      const disliked = new Set<string>();
      let seed = 7;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      for (let step = 0; step < 40; step += 1) {
        const person = people[Math.floor(random() * people.length)]!;
        const name = person.user.username as string;
        const action = random() < 0.55 ? 'like' : 'dislike';
        const reply = await server.request('POST', `/api/posts/${action}/${id}?return=post`, {
          token: person.token,
        });
        if (action === 'like') {
          if (liked.has(name)) {
            expectError(reply, 400, Messages.alreadyLiked);
          } else {
            expect(reply.status).toBe(201);
            liked.add(name);
            disliked.delete(name);
          }
        } else if (liked.size === 0) {
          expectError(reply, 400, Messages.likeBelowZero);
        } else if (disliked.has(name)) {
          expectError(reply, 400, Messages.alreadyDisliked);
        } else {
          expect(reply.status).toBe(201);
          liked.delete(name);
          disliked.add(name);
        }
        const whole = (await server.request('GET', `/api/posts/${id}`)).body.post;
        expectPost(whole);
        expect(whole.likes.likeCount).toBe(liked.size);
        expect(whole.likes.likedBy.map((u) => u.username).sort()).toEqual([...liked].sort());
        expect(whole.likes.dislikedBy.map((u) => u.username).sort()).toEqual([...disliked].sort());
        const likeRows = await server.database.db
          .selectFrom('post_reactions')
          .select('user_id')
          .where('post_id', '=', id)
          .where('kind', '=', 'like')
          .execute();
        expect((await storedPost(id))?.like_count).toBe(likeRows.length);
      }
    });

    it('?return=post on like answers {post} with viewer.liked', async () => {
      const author = await server.signup(uniqueName('retlike'));
      const id = (await createPost(author.token, 'return post'))!._id;
      const reply = await server.request('POST', `/api/posts/like/${id}?return=post`, {
        token: author.token,
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['post']);
      expectPost(reply.body.post, { preview: true });
      expect(reply.body.post.viewer).toEqual({ liked: true, disliked: false, bookmarked: false });
    });

    it('like and dislike work on demo posts for demo users', async () => {
      const token = await server.login('sam_rivera', demoPassword);
      const all = (await server.request('GET', '/api/posts')).body.posts;
      const lena = all.find((post) => post.username === 'lena.k')!;
      const reply = await server.request('POST', `/api/posts/like/${lena._id}`, { token });
      expect(reply.status).toBe(201);
      const after = reply.body.posts.find((post) => post._id === lena._id)!;
      expect(after.likes.likeCount).toBe(lena.likes.likeCount + 1);
    });
  });
  describe('concurrency', () => {
    it('changes racing a deletion of their post answer 404, never 500, and leave nothing behind', async () => {
      const author = await server.signup(uniqueName('racer'));
      const other = await server.signup(uniqueName('racer2'));
      const allowed: Record<string, number[]> = {
        like: [201, 404],
        dislike: [201, 400, 404],
        comment: [201, 404],
        upvote: [201, 404],
        bookmark: [200, 404],
        delete: [201],
      };
      const ids: string[] = [];
      for (let round = 0; round < 8; round += 1) {
        const created = await server.request('POST', '/api/posts?return=post', {
          token: author.token,
          body: { postData: { content: `race ${round}` } },
        });
        const id = created.body.post._id;
        ids.push(id);
        await server.request('POST', `/api/posts/like/${id}`, { token: author.token });
        const commented = await server.request('POST', `/api/comments/add/${id}?return=post`, {
          token: author.token,
          body: { commentData: { text: 'c' } },
        });
        const commentId = commented.body.comment!._id;
        const requests: [string, Promise<Reply>][] = [
          ['like', server.request('POST', `/api/posts/like/${id}?return=post`, { token: other.token })],
          ['dislike', server.request('POST', `/api/posts/dislike/${id}?return=post`, { token: other.token })],
          [
            'comment',
            server.request('POST', `/api/comments/add/${id}`, {
              token: other.token,
              body: { commentData: { text: 'late' } },
            }),
          ],
          [
            'upvote',
            server.request('POST', `/api/comments/upvote/${id}/${commentId}`, { token: other.token }),
          ],
          [
            'bookmark',
            server.request('POST', `/api/users/bookmark/${id}?return=minimal`, { token: other.token }),
          ],
          ['delete', server.request('DELETE', `/api/posts/${id}?return=minimal`, { token: author.token })],
        ];
        for (const [name, pending] of requests) {
          const reply = await pending;
          expect({ name, status: reply.status, body: reply.status >= 500 ? reply.body : undefined }).toEqual({
            name,
            status: expect.toSatisfy((status: number) => allowed[name]!.includes(status)),
            body: undefined,
          });
        }
      }
      const db = server.database.db;
      for (const table of ['post_reactions', 'comments', 'bookmarks'] as const) {
        expect(await db.selectFrom(table).select('post_id').where('post_id', 'in', ids).execute()).toEqual(
          [],
        );
      }
    });

    it('one user liking a post many times at once: exactly one like', async () => {
      const author = await server.signup(uniqueName('burst'));
      const fan = await server.signup(uniqueName('burstfan'));
      const id = (await createPost(author.token, 'burst'))!._id;
      const replies = await Promise.all(
        Array.from({ length: 8 }, () =>
          server.request('POST', `/api/posts/like/${id}`, { token: fan.token }),
        ),
      );
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
      for (const reply of replies.filter((r) => r.status !== 201))
        expectError(reply, 400, Messages.alreadyLiked);
      const post = (await server.request('GET', `/api/posts/${id}`)).body.post;
      expectPost(post);
      expect(post.likes.likeCount).toBe(1);
      expect((await storedPost(id))?.like_count).toBe(1);
    });

    it('many users liking at once: every like counted', async () => {
      const author = await server.signup(uniqueName('crowd'));
      const fans = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => server.signup(uniqueName(`cf${n}`))));
      const id = (await createPost(author.token, 'crowd'))!._id;
      const replies = await Promise.all(
        fans.map((fan) => server.request('POST', `/api/posts/like/${id}?return=post`, { token: fan.token })),
      );
      expect(replies.map((reply) => reply.status)).toEqual(fans.map(() => 201));
      const post = (await server.request('GET', `/api/posts/${id}`)).body.post;
      expectPost(post);
      expect(post.likes.likeCount).toBe(6);
      expect((await storedPost(id))?.like_count).toBe(6);
    });
  });
});
