import { NotificationsReply, PostsReply } from '@sync/contract';
import Fastify from 'fastify';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

/**
 * The answers the views write as JSON text skip Fastify's serialiser: their bytes must be exactly what
 * the serialiser writes for the route's response schema (key order, no key the schema lacks), so a
 * client, a cache or a checksum sees no difference.
 */
describeEachDatabase('answers rendered as JSON text', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer(dialect);
    for (const name of ['textalice', 'textbob', 'textcarol'])
      tokens[name] = (await server.signup(name)).token;
    const { textalice: alice, textbob: bob, textcarol: carol } = tokens;
    const post = async (token: string, content: string) =>
      (await server.request('POST', '/api/posts?return=post', { token, body: { postData: { content } } }))
        .body.post._id as string;
    const first = await post(alice!, 'Hello @textbob, a "quoted" #texttag with émoji 🎉');
    await server.request('POST', `/api/posts/like/${first}`, { token: bob });
    const commented = await server.request('POST', `/api/comments/add/${first}?return=post`, {
      token: bob,
      body: { commentData: { text: 'A comment\nwith a line break' } },
    });
    await server.request('POST', `/api/comments/upvote/${first}/${commented.body.comment!._id}`, {
      token: alice,
    });
    await server.request(
      'POST',
      `/api/users/follow/${(await server.request('GET', '/api/users/textalice')).body.user._id}`,
      {
        token: bob,
      },
    );
    await post(bob!, 'Thanks @textalice');
    await server.request('POST', '/api/notifications/read', { token: alice });
    await server.request('POST', `/api/posts/dislike/${first}`, { token: carol });
    await server.request('POST', `/api/posts/like/${first}`, { token: carol });
  });
  afterAll(() => server.close());

  /** What Fastify writes for `answer` under `schema`. */
  async function serialised(schema: TSchema, answer: unknown): Promise<string> {
    const bare = Fastify();
    bare.get('/', { schema: { response: { 200: schema } } }, () => answer);
    const reply = await bare.inject({ method: 'GET', url: '/' });
    await bare.close();
    return reply.body;
  }

  const answers: [string, string, string | undefined, TSchema][] = [
    [
      'notifications, read and unread, with posts and comments',
      '/api/notifications?limit=20',
      'textalice',
      NotificationsReply,
    ],
    ['notifications of the comment upvoted', '/api/notifications', 'textbob', NotificationsReply],
    ['home feed, signed in', '/api/posts?limit=20', 'textbob', PostsReply],
    ['home feed, the viewer voted on a comment', '/api/posts?limit=20', 'textalice', PostsReply],
    ['trending, anonymous', '/api/posts?limit=20&sort=trending', undefined, PostsReply],
  ];

  it.each(answers)('%s: the bytes the serialiser writes', async (_name, url, viewer, schema) => {
    const response = await fetch(server.url + url, {
      headers: viewer ? { authorization: tokens[viewer]! } : {},
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    expect(text.length).toBeGreaterThan(100);
    expect(text).toBe(await serialised(schema, JSON.parse(text)));
  });
});
