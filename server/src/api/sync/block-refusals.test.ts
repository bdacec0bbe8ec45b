/**
 * Nothing crosses a block: every write of Sync's API that reaches another person, made by either side
 * of a block, is refused and changes nothing; once unblocked, the same request goes through (so it was
 * the block that refused it). The blocked person finds the blocker's posts and comments gone (404, as a
 * read of them answers); the blocker is told to unblock first (403); following and mentioning are 403
 * either way. (The Mastodon API's writes: api/mastodon/blocks.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import { expectError, snapshot } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newPerson, succeed, type Person } from '../../test/people.js';

/** The people of a case: `actor` makes the request about `other`; `third` is neither. */
interface Cast {
  actor: Person;
  other: Person;
  third: Person;
}

interface Request {
  method: string;
  path: string;
  body?: unknown;
}

/** What the request does to `other`, and so how a block refuses it. */
type Act =
  /** Acts on other's post or comment: the blocked actor gets this 404 message. */
  { on: 'content'; notFound: string } | { on: 'follow' } | { on: 'mention' };

interface WriteRoute {
  name: string;
  /** Makes what the request needs (before any block) and the request. */
  prepare(server: TestServer, cast: Cast): Promise<{ request: Request; act: Act }>;
}

const post = async (server: TestServer, author: Person, content = 'A post') =>
  (await succeed(server, 'POST', '/api/posts?return=post', author, { postData: { content } })).post
    ._id as string;
const comment = async (server: TestServer, author: Person, postId: string, text = 'A comment') =>
  (
    await succeed(server, 'POST', `/api/comments/add/${postId}?return=post`, author, {
      commentData: { text },
    })
  ).comment!._id as string;
const onPost = (postId: string): Act => ({ on: 'content', notFound: Messages.postNotFound(postId) });

const writeRoutes: WriteRoute[] = [
  {
    name: "like other's post",
    prepare: async (server, { other }) => {
      const id = await post(server, other);
      return { request: { method: 'POST', path: `/api/posts/like/${id}` }, act: onPost(id) };
    },
  },
  {
    name: "dislike other's post",
    prepare: async (server, { other, third }) => {
      const id = await post(server, other);
      await succeed(server, 'POST', `/api/posts/like/${id}`, third);
      return { request: { method: 'POST', path: `/api/posts/dislike/${id}` }, act: onPost(id) };
    },
  },
  {
    name: "comment on other's post",
    prepare: async (server, { other }) => {
      const id = await post(server, other);
      return {
        request: { method: 'POST', path: `/api/comments/add/${id}`, body: { commentData: { text: 'Hi' } } },
        act: onPost(id),
      };
    },
  },
  {
    name: "edit one's comment on other's post",
    prepare: async (server, { actor, other }) => {
      const id = await post(server, other);
      const own = await comment(server, actor, id);
      return {
        request: {
          method: 'POST',
          path: `/api/comments/edit/${id}/${own}`,
          body: { commentData: { text: 'Edited' } },
        },
        act: onPost(id),
      };
    },
  },
  ...(['upvote', 'downvote'] as const).flatMap((vote): WriteRoute[] => [
    {
      name: `${vote} other's comment on a third person's post`,
      prepare: async (server, { other, third }) => {
        const id = await post(server, third);
        const theirs = await comment(server, other, id);
        return {
          request: { method: 'POST', path: `/api/comments/${vote}/${id}/${theirs}` },
          act: { on: 'content', notFound: Messages.commentNotFound(theirs) },
        };
      },
    },
    {
      name: `${vote} a third person's comment on other's post`,
      prepare: async (server, { other, third }) => {
        const id = await post(server, other);
        const thirds = await comment(server, third, id);
        return {
          request: { method: 'POST', path: `/api/comments/${vote}/${id}/${thirds}` },
          act: onPost(id),
        };
      },
    },
  ]),
  {
    name: "bookmark other's post",
    prepare: async (server, { other }) => {
      const id = await post(server, other);
      return { request: { method: 'POST', path: `/api/users/bookmark/${id}` }, act: onPost(id) };
    },
  },
  {
    name: 'follow other',
    prepare: async (_server, { other }) => ({
      request: { method: 'POST', path: `/api/users/follow/${other.id}` },
      act: { on: 'follow' },
    }),
  },
  {
    name: 'mention other in a new post',
    prepare: async (_server, { other }) => ({
      request: {
        method: 'POST',
        path: '/api/posts',
        body: { postData: { content: `Hello @${other.username}` } },
      },
      act: { on: 'mention' },
    }),
  },
  {
    name: 'mention other in an edit of one’s post',
    prepare: async (server, { actor, other }) => {
      const id = await post(server, actor);
      return {
        request: {
          method: 'POST',
          path: `/api/posts/edit/${id}`,
          body: { postData: { content: `Now with @${other.username}` } },
        },
        act: { on: 'mention' },
      };
    },
  },
  {
    name: "mention other in a comment on a third person's post",
    prepare: async (server, { other, third }) => {
      const id = await post(server, third);
      return {
        request: {
          method: 'POST',
          path: `/api/comments/add/${id}`,
          body: { commentData: { text: `Look, @${other.username}` } },
        },
        act: { on: 'mention' },
      };
    },
  },
];

/** Who blocked whom: the actor is the blocked person, or the blocker. */
const sides = ['blocked', 'blocker'] as const;

describeEachDatabase('writes across a block', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  for (const route of writeRoutes) {
    describe(route.name, () => {
      it.each(sides)(
        'by the %s: refused, nothing changes; after unblocking it goes through',
        async (side) => {
          const cast: Cast = {
            actor: await newPerson(server, 'actor'),
            other: await newPerson(server, 'other'),
            third: await newPerson(server, 'third'),
          };
          const { request, act } = await route.prepare(server, cast);
          const [blocker, blocked] = side === 'blocker' ? [cast.actor, cast.other] : [cast.other, cast.actor];
          await succeed(server, 'POST', `/api/users/${blocked.username}/block`, blocker);

          const before = await snapshot(server.database.db);
          const send = () =>
            server.request(request.method, request.path, { token: cast.actor.token, body: request.body });
          const refused = await send();
          if (side === 'blocker') {
            expectError(refused, 403, `You blocked @${cast.other.username}. Unblock them first.`);
          } else if (act.on === 'content') {
            expectError(refused, 404, act.notFound);
          } else {
            expectError(refused, 403, `You cannot ${act.on} @${cast.other.username}.`);
          }
          expect(await snapshot(server.database.db)).toEqual(before);

          await succeed(server, 'DELETE', `/api/users/${blocked.username}/block`, blocker);
          const allowed = await send();
          expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
        },
      );
    });
  }

  it('taking back what was given before the block is not refused: a vote, a bookmark', async () => {
    const [blocker, blocked] = [await newPerson(server, 'giver'), await newPerson(server, 'given')];
    const id = await post(server, blocker);
    const theirs = await comment(server, blocker, id);
    await succeed(server, 'POST', `/api/posts/like/${id}`, blocked);
    await succeed(server, 'POST', `/api/comments/upvote/${id}/${theirs}`, blocked);
    await succeed(server, 'POST', `/api/users/bookmark/${id}`, blocked);
    await succeed(server, 'POST', `/api/users/${blocked.username}/block`, blocker);
    await succeed(server, 'POST', `/api/comments/unvote/${id}/${theirs}`, blocked);
    await succeed(server, 'POST', `/api/users/remove-bookmark/${id}`, blocked);
    const votes = await server.database.db
      .selectFrom('comment_votes')
      .selectAll()
      .where('comment_id', '=', theirs)
      .execute();
    expect(votes).toEqual([]);
  });
});
