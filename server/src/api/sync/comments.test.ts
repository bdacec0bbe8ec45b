import type { PostsReply, User } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import { expectComment, expectError, expectPost, expectPosts, uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type Reply, type TestServer } from '../../test/harness.js';

describeEachDatabase('comments', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const createPost = async (token: string, content = 'a post to talk about') => {
    const reply = await server.request('POST', '/api/posts', { token, body: { postData: { content } } });
    expect(reply.status).toBe(201);
    return reply.body.posts.at(-1)!._id as string;
  };
  const addComment = async (token: string, postId: string, text: string) => {
    const reply = await server.request('POST', `/api/comments/add/${postId}`, {
      token,
      body: { commentData: { text } },
    });
    expect(reply.status).toBe(201);
    return reply.body.posts.find((post) => post._id === postId)!.comments.at(-1)!._id as string;
  };
  const postOf = (reply: Reply<PostsReply>, postId: string) =>
    reply.body.posts.find((post) => post._id === postId)!;
  const storedComment = (id: string) =>
    server.database.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();

  /**
   * A fresh post by `author` with one comment by `commenter`, plus a bystander. The three users are
   * shared (signing up hashes a password); every scene's post and comment are new.
   */
  let people: Record<'author' | 'commenter' | 'bystander', { token: string; user: User }> | undefined;
  const scene = async () => {
    people ??= {
      author: await server.signup(uniqueName('author')),
      commenter: await server.signup(uniqueName('commenter')),
      bystander: await server.signup(uniqueName('bystander')),
    };
    const { author, commenter, bystander } = people;
    const postId = await createPost(author.token);
    const commentId = await addComment(commenter.token, postId, 'first!');
    return { author, commenter, bystander, postId, commentId };
  };

  describe('reads', () => {
    it('GET /comments/:postId: 200 {comments}, oldest first, without a token', async () => {
      const posts = (await server.request('GET', '/api/posts')).body.posts;
      const maya = posts.find((post) => post.username === 'maya.chen')!;
      const reply = await server.request('GET', `/api/comments/${maya._id}`);
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['comments']);
      expect(reply.body.comments).toHaveLength(2);
      reply.body.comments.forEach(expectComment);
      expect(reply.body.comments.map((c) => c.username)).toEqual(['olu_ade', 'sam_rivera']);
      expect(reply.body.comments[0]!.votes.upvotedBy.map((u) => u.username)).toEqual(['maya.chen']);
      expect(reply.body.comments).toEqual(maya.comments);
    });

    it('GET /comments/:postId of an unknown or malformed post id: 404', async () => {
      for (const id of ['00000000-0000-7000-8000-000000000000', 'nope']) {
        expectError(await server.request('GET', `/api/comments/${id}`), 404, Messages.postNotFound(id));
      }
    });
  });

  describe('add', () => {
    it('POST /comments/add/:postId: 201 {posts}; the comment is appended with empty votes, and stored', async () => {
      const author = await server.signup(uniqueName('addauthor'));
      const commenter = await server.signup(uniqueName('adder'));
      const postId = await createPost(author.token);
      await addComment(author.token, postId, 'opening words');
      const reply = await server.request('POST', `/api/comments/add/${postId}`, {
        token: commenter.token,
        body: { commentData: { text: '  Great point!  ' } },
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const post = postOf(reply, postId);
      expect(post.commentCount).toBe(2);
      expect(post.comments.map((c) => c.text)).toEqual(['opening words', 'Great point!']);
      const comment = post.comments[1]!;
      expect(comment).toMatchObject({
        text: 'Great point!',
        username: commenter.user.username,
        firstName: 'Test',
        lastName: 'User',
        avatarURL: '',
        votes: { upvotedBy: [], downvotedBy: [] },
      });
      expect(comment.createdAt).toBe(comment.updatedAt);
      expect(await storedComment(comment._id)).toMatchObject({
        post_id: postId,
        author_id: commenter.user._id,
        text: 'Great point!',
      });
      const listed = await server.request('GET', `/api/comments/${postId}`);
      expect(listed.body.comments).toEqual(post.comments);
    });

    it.each([
      [{ commentData: { text: 42 } }, 'commentData.text must be text.'],
      [{ commentData: {} }, 'commentData.text is required.'],
      [{}, 'commentData is required.'],
      [{ commentData: [] }, 'commentData must be an object.'],
      [{ commentData: { text: '' } }, "Comment can't be empty."],
      [{ commentData: { text: '  \n ' } }, "Comment can't be empty."],
      [
        { commentData: { text: 'x'.repeat(2001) } },
        "Comment can't be longer than 2,000 characters (it has 2,001).",
      ],
    ])('refuses %j: 400, nothing stored', async (body, message) => {
      const { author, postId } = await scene();
      expectError(
        await server.request('POST', `/api/comments/add/${postId}`, { token: author.token, body }),
        400,
        message,
      );
      const rows = await server.database.db
        .selectFrom('comments')
        .select('id')
        .where('post_id', '=', postId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('accepts exactly 2000 characters, emoji counting as one', async () => {
      const { author, postId } = await scene();
      await addComment(author.token, postId, 'x'.repeat(2000));
      const emoji = '🦊'.repeat(2000);
      const id = await addComment(author.token, postId, emoji);
      expect((await storedComment(id))?.text).toBe(emoji);
      expectError(
        await server.request('POST', `/api/comments/add/${postId}`, {
          token: author.token,
          body: { commentData: { text: '🦊'.repeat(2001) } },
        }),
        400,
      );
    });

    it('refuses a comment on an unknown post: 404', async () => {
      const { token } = await server.signup(uniqueName('lost'));
      const id = '00000000-0000-7000-8000-0000000000aa';
      expectError(
        await server.request('POST', `/api/comments/add/${id}`, {
          token,
          body: { commentData: { text: 'hi' } },
        }),
        404,
        Messages.postNotFound(id),
      );
    });

    it('?return=post answers {post, comment}', async () => {
      const { author, postId } = await scene();
      const reply = await server.request('POST', `/api/comments/add/${postId}?return=post`, {
        token: author.token,
        body: { commentData: { text: 'returned' } },
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual(['comment', 'post']);
      expectPost(reply.body.post, { preview: true });
      expectComment(reply.body.comment!);
      expect(reply.body.comment!.text).toBe('returned');
      expect(reply.body.post.commentCount).toBe(2);
    });
  });

  describe('edit', () => {
    it('POST /comments/edit/:postId/:commentId by its author: 201 {posts}, text and updatedAt change', async () => {
      const { commenter, postId, commentId } = await scene();
      const before = await storedComment(commentId);
      server.clock.advance(1000);
      const reply = await server.request('POST', `/api/comments/edit/${postId}/${commentId}`, {
        token: commenter.token,
        body: { commentData: { text: 'second!' } },
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const comment = postOf(reply, postId).comments.find((c) => c._id === commentId)!;
      expect(comment.text).toBe('second!');
      expect(comment.createdAt).toBe(before!.created_at);
      expect(comment.updatedAt > before!.updated_at).toBe(true);
      expect((await storedComment(commentId))?.text).toBe('second!');
    });

    it("refuses to edit another user's comment, even the post author's: 400 with the spec text", async () => {
      const { author, bystander, postId, commentId } = await scene();
      for (const token of [author.token, bystander.token]) {
        const reply = await server.request('POST', `/api/comments/edit/${postId}/${commentId}`, {
          token,
          body: { commentData: { text: 'hijacked' } },
        });
        expectError(reply, 400, "Cannot edit a comment doesn't belong to the User.");
      }
      expect(Messages.editForeignComment).toBe("Cannot edit a comment doesn't belong to the User.");
      expect((await storedComment(commentId))?.text).toBe('first!');
    });

    it('refuses empty text: 400, unchanged', async () => {
      const { commenter, postId, commentId } = await scene();
      expectError(
        await server.request('POST', `/api/comments/edit/${postId}/${commentId}`, {
          token: commenter.token,
          body: { commentData: { text: ' ' } },
        }),
        400,
        "Comment can't be empty.",
      );
      expect((await storedComment(commentId))?.text).toBe('first!');
    });

    it('unknown comment, or a comment of another post: 404', async () => {
      const { commenter, postId, commentId } = await scene();
      const otherPost = await createPost(commenter.token, 'elsewhere');
      const missing = '00000000-0000-7000-8000-0000000000bb';
      for (const [post, comment] of [
        [postId, missing],
        [otherPost, commentId],
      ] as const) {
        for (const action of ['edit', 'delete', 'upvote', 'downvote']) {
          const reply = await server.request('POST', `/api/comments/${action}/${post}/${comment}`, {
            token: commenter.token,
            body: action === 'edit' ? { commentData: { text: 'x' } } : undefined,
          });
          expectError(reply, 404, Messages.commentNotFound(comment));
        }
      }
      expectError(
        await server.request('POST', `/api/comments/upvote/${missing}/${commentId}`, {
          token: commenter.token,
        }),
        404,
        Messages.postNotFound(missing),
      );
      expect((await storedComment(commentId))?.text).toBe('first!');
    });
  });

  describe('delete', () => {
    it('by its author: 201 {posts}; the comment and its votes are gone, commentCount drops', async () => {
      const { commenter, bystander, postId, commentId } = await scene();
      await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, { token: bystander.token });
      const reply = await server.request('POST', `/api/comments/delete/${postId}/${commentId}`, {
        token: commenter.token,
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const post = postOf(reply, postId);
      expect(post.comments).toEqual([]);
      expect(post.commentCount).toBe(0);
      expect(await storedComment(commentId)).toBeUndefined();
      const votes = await server.database.db
        .selectFrom('comment_votes')
        .selectAll()
        .where('comment_id', '=', commentId)
        .execute();
      expect(votes).toEqual([]);
      expectError(
        await server.request('POST', `/api/comments/delete/${postId}/${commentId}`, {
          token: commenter.token,
        }),
        404,
      );
    });

    it("by the post's author: 201", async () => {
      const { author, postId, commentId } = await scene();
      const reply = await server.request('POST', `/api/comments/delete/${postId}/${commentId}`, {
        token: author.token,
      });
      expect(reply.status).toBe(201);
      expect(postOf(reply, postId).comments).toEqual([]);
      expect(await storedComment(commentId)).toBeUndefined();
    });

    it('by anyone else: 400 with the spec text, comment kept', async () => {
      const { bystander, postId, commentId } = await scene();
      const reply = await server.request('POST', `/api/comments/delete/${postId}/${commentId}`, {
        token: bystander.token,
      });
      expectError(reply, 400, "Cannot delete a comment doesn't belong to the User.");
      expect(Messages.deleteForeignComment).toBe("Cannot delete a comment doesn't belong to the User.");
      expect(await storedComment(commentId)).toBeDefined();
    });

    it('?return=post answers {post} only', async () => {
      const { commenter, postId, commentId } = await scene();
      const reply = await server.request('POST', `/api/comments/delete/${postId}/${commentId}?return=post`, {
        token: commenter.token,
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['post']);
      expectPost(reply.body.post, { preview: true });
      expect(reply.body.post.commentCount).toBe(0);
    });
  });

  describe('votes', () => {
    const votes = async (postId: string, commentId: string) => {
      const comments = (await server.request('GET', `/api/comments/${postId}`)).body.comments;
      const comment = comments.find((c) => c._id === commentId)!;
      return {
        up: comment.votes.upvotedBy.map((u) => u.username).sort(),
        down: comment.votes.downvotedBy.map((u) => u.username).sort(),
      };
    };

    it('upvote: 201 {posts}, the voter joins upvotedBy; a second upvote is refused with the spec text', async () => {
      const { bystander, postId, commentId } = await scene();
      const reply = await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, {
        token: bystander.token,
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const comment = postOf(reply, postId).comments[0]!;
      expect(comment.votes).toEqual({
        upvotedBy: [
          {
            _id: bystander.user._id,
            username: bystander.user.username,
            firstName: 'Test',
            lastName: 'User',
            avatarURL: '',
          },
        ],
        downvotedBy: [],
      });
      const again = await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, {
        token: bystander.token,
      });
      expectError(again, 400, 'Cannot upvote a post that is already upvoted. ');
      expect(Messages.alreadyUpvoted).toBe('Cannot upvote a post that is already upvoted. ');
    });

    it('downvote mirrors upvote: switches the vote over; a second downvote is refused', async () => {
      const { author, bystander, postId, commentId } = await scene();
      await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, { token: bystander.token });
      await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, { token: author.token });
      const reply = await server.request('POST', `/api/comments/downvote/${postId}/${commentId}`, {
        token: bystander.token,
      });
      expect(reply.status).toBe(201);
      expect(await votes(postId, commentId)).toEqual({
        up: [author.user.username],
        down: [bystander.user.username],
      });
      expectError(
        await server.request('POST', `/api/comments/downvote/${postId}/${commentId}`, {
          token: bystander.token,
        }),
        400,
        Messages.alreadyDownvoted,
      );
      expect(Messages.alreadyDownvoted).toBe('Cannot downvote a post that is already downvoted. ');
      // And back up again.
      expect(
        (
          await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, {
            token: bystander.token,
          })
        ).status,
      ).toBe(201);
      expect(await votes(postId, commentId)).toEqual({
        up: [author.user.username, bystander.user.username].sort(),
        down: [],
      });
      const rows = await server.database.db
        .selectFrom('comment_votes')
        .select(['user_id', 'kind'])
        .where('comment_id', '=', commentId)
        .execute();
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.kind === 'up')).toBe(true);
    });

    it('a first downvote works without any upvote; ?return=post answers {post, comment}', async () => {
      const { bystander, postId, commentId } = await scene();
      const reply = await server.request(
        'POST',
        `/api/comments/downvote/${postId}/${commentId}?return=post`,
        {
          token: bystander.token,
        },
      );
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual(['comment', 'post']);
      expectComment(reply.body.comment!);
      expect(reply.body.comment!.votes.downvotedBy.map((u) => u._id)).toEqual([bystander.user._id]);
      expect(reply.body.comment!.votes.upvotedBy).toEqual([]);
    });
  });
});
