import type { Comment, User } from '@sync/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import {
  expectComment,
  expectError,
  expectPost,
  expectPosts,
  snapshot,
  uniqueName,
} from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('comment unvote', (dialect) => {
  let server: TestServer;
  let people: Record<'author' | 'voter' | 'bystander', { token: string; user: User }>;
  beforeAll(async () => {
    server = await startServer(dialect);
    people = {
      author: await server.signup(uniqueName('author')),
      voter: await server.signup(uniqueName('voter')),
      bystander: await server.signup(uniqueName('bystander')),
    };
  });
  afterAll(() => server.close());

  /** A fresh post and comment by the author, with the bystander's up vote on it. */
  const scene = async () => {
    const created = await server.request('POST', '/api/posts?return=post', {
      token: people.author.token,
      body: { postData: { content: 'vote on my comment' } },
    });
    const postId = created.body.post._id as string;
    const commented = await server.request('POST', `/api/comments/add/${postId}?return=post`, {
      token: people.author.token,
      body: { commentData: { text: 'a comment' } },
    });
    const commentId = commented.body.comment!._id as string;
    await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, {
      token: people.bystander.token,
    });
    return { postId, commentId };
  };
  const voters = (comment: Comment) => ({
    up: comment.votes.upvotedBy.map((user) => user.username),
    down: comment.votes.downvotedBy.map((user) => user.username),
  });

  it.each(['up', 'down'] as const)(
    '%svote then unvote: 201 {posts}, only the caller leaves the voters',
    async (kind) => {
      const { postId, commentId } = await scene();
      await server.request('POST', `/api/comments/${kind}vote/${postId}/${commentId}`, {
        token: people.voter.token,
      });
      const reply = await server.request('POST', `/api/comments/unvote/${postId}/${commentId}`, {
        token: people.voter.token,
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['posts']);
      expectPosts(reply.body.posts);
      const comment = reply.body.posts
        .find((post) => post._id === postId)!
        .comments.find((item) => item._id === commentId)!;
      expect(voters(comment)).toEqual({ up: [people.bystander.user.username], down: [] });
    },
  );

  it('?return=post answers {post, comment}, like the vote routes', async () => {
    const { postId, commentId } = await scene();
    await server.request('POST', `/api/comments/downvote/${postId}/${commentId}`, {
      token: people.voter.token,
    });
    const reply = await server.request('POST', `/api/comments/unvote/${postId}/${commentId}?return=post`, {
      token: people.voter.token,
    });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body).sort()).toEqual(['comment', 'post']);
    expectPost(reply.body.post, { preview: true });
    expectComment(reply.body.comment!);
    expect(voters(reply.body.comment!)).toEqual({ up: [people.bystander.user.username], down: [] });
  });

  it('without a vote: 400, nothing changes; after an unvote the caller can vote again', async () => {
    const { postId, commentId } = await scene();
    const before = await snapshot(server.database.db);
    const reply = await server.request('POST', `/api/comments/unvote/${postId}/${commentId}`, {
      token: people.voter.token,
    });
    expectError(reply, 400, 'You have not voted on this comment.');
    expect(await snapshot(server.database.db)).toEqual(before);

    await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, {
      token: people.voter.token,
    });
    await server.request('POST', `/api/comments/unvote/${postId}/${commentId}`, {
      token: people.voter.token,
    });
    const again = await server.request('POST', `/api/comments/upvote/${postId}/${commentId}?return=post`, {
      token: people.voter.token,
    });
    expect(again.status).toBe(201);
    expect(voters(again.body.comment!).up.sort()).toEqual(
      [people.bystander.user.username, people.voter.user.username].sort(),
    );
  });

  it('404s as the vote routes do: unknown post, unknown comment, a comment of another post', async () => {
    const { postId, commentId } = await scene();
    const other = await scene();
    const missing = '00000000-0000-7000-8000-000000000000';
    const unvote = (path: string) =>
      server.request('POST', `/api/comments/unvote/${path}`, { token: people.voter.token });
    expectError(await unvote(`${missing}/${commentId}`), 404, Messages.postNotFound(missing));
    expectError(await unvote(`${postId}/${missing}`), 404, Messages.commentNotFound(missing));
    expectError(await unvote(`${other.postId}/${commentId}`), 404, Messages.commentNotFound(commentId));
  });
});
