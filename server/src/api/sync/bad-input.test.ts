/**
 * The bad-input sweep: every route gets a battery of malformed, mistyped, oversized and hostile
 * requests. Each must be refused with a 4xx `{errors: [message]}` (never a 500, never a hang) and
 * must leave the database exactly as it was.
 */
import { ErrorBody } from '@sync/contract';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, rowCounts, snapshot, uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

let total = 0;
afterAll(() => {
  console.log(`bad-input sweep: ${total} requests`);
});

type BodyKind = 'signup' | 'login' | 'post' | 'comment' | 'user' | 'password' | 'deleteAccount' | 'none';

interface SweepRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path with :params, filled from the fixture's valid ids. */
  path: string;
  body: BodyKind;
  auth: boolean;
  /** A list route: takes limit/cursor (and sort for posts). */
  list?: 'posts' | 'page' | 'suggestions';
}

const routes: SweepRoute[] = [
  { method: 'POST', path: '/api/auth/signup', body: 'signup', auth: false },
  { method: 'POST', path: '/api/auth/login', body: 'login', auth: false },
  { method: 'GET', path: '/api/posts', body: 'none', auth: false, list: 'posts' },
  { method: 'GET', path: '/api/posts/:postId', body: 'none', auth: false },
  { method: 'GET', path: '/api/posts/:postId/likes', body: 'none', auth: false, list: 'page' },
  { method: 'GET', path: '/api/posts/:postId/dislikes', body: 'none', auth: false, list: 'page' },
  { method: 'GET', path: '/api/posts/user/:username', body: 'none', auth: false, list: 'posts' },
  { method: 'POST', path: '/api/posts', body: 'post', auth: true },
  { method: 'POST', path: '/api/posts/edit/:postId', body: 'post', auth: true },
  { method: 'DELETE', path: '/api/posts/:postId', body: 'none', auth: true },
  { method: 'POST', path: '/api/posts/like/:postId', body: 'none', auth: true },
  { method: 'POST', path: '/api/posts/dislike/:postId', body: 'none', auth: true },
  { method: 'GET', path: '/api/comments/:postId', body: 'none', auth: false, list: 'page' },
  { method: 'POST', path: '/api/comments/add/:postId', body: 'comment', auth: true },
  { method: 'POST', path: '/api/comments/edit/:postId/:commentId', body: 'comment', auth: true },
  { method: 'POST', path: '/api/comments/delete/:postId/:commentId', body: 'none', auth: true },
  { method: 'POST', path: '/api/comments/upvote/:postId/:commentId', body: 'none', auth: true },
  { method: 'POST', path: '/api/comments/downvote/:postId/:commentId', body: 'none', auth: true },
  { method: 'POST', path: '/api/comments/unvote/:postId/:commentId', body: 'none', auth: true },
  { method: 'POST', path: '/api/account/password', body: 'password', auth: true },
  { method: 'POST', path: '/api/account/delete', body: 'deleteAccount', auth: true },
  { method: 'GET', path: '/api/users', body: 'none', auth: false, list: 'page' },
  { method: 'GET', path: '/api/users/suggestions', body: 'none', auth: true, list: 'suggestions' },
  { method: 'GET', path: '/api/users/:username', body: 'none', auth: false },
  { method: 'GET', path: '/api/users/:username/followers', body: 'none', auth: false, list: 'page' },
  { method: 'GET', path: '/api/users/:username/following', body: 'none', auth: false, list: 'page' },
  { method: 'POST', path: '/api/users/edit', body: 'user', auth: true },
  { method: 'GET', path: '/api/users/bookmark', body: 'none', auth: true, list: 'page' },
  { method: 'POST', path: '/api/users/bookmark/:postId', body: 'none', auth: true },
  { method: 'POST', path: '/api/users/remove-bookmark/:postId', body: 'none', auth: true },
  { method: 'POST', path: '/api/users/follow/:followUserId', body: 'none', auth: true },
  { method: 'POST', path: '/api/users/unfollow/:followUserId', body: 'none', auth: true },
];

interface BadRequest {
  label: string;
  path?: string;
  raw?: string;
  contentType?: string;
}

const nest = (depth: number, inner = '"x"') => '['.repeat(depth) + inner + ']'.repeat(depth);
const nestObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const json = (value: unknown) => JSON.stringify(value);
const big = 'x'.repeat(70 * 1024);

/** Requests every route with a body-parsing step must refuse, whatever the route does. */
const parserBattery: BadRequest[] = [
  { label: 'truncated JSON', raw: '{"postData": {"content": "x"' },
  { label: 'single quotes', raw: "{'postData': {'content': 'x'}}" },
  { label: 'trailing comma', raw: '{"a": 1,}' },
  { label: 'bare word', raw: 'undefined' },
  { label: 'NaN', raw: '{"a": NaN}' },
  { label: 'NUL byte', raw: '\u0000' },
  { label: 'text/plain body', raw: json({ postData: { content: 'x' } }), contentType: 'text/plain' },
  { label: 'form body', raw: 'postData=x', contentType: 'application/x-www-form-urlencoded' },
  { label: 'xml body', raw: '<postData>x</postData>', contentType: 'application/xml' },
  { label: '70 KB body', raw: json({ postData: { content: big }, commentData: { text: big } }) },
  { label: '70 KB garbage', raw: big },
];

/** Whole-body shapes that no route with a body accepts. */
const shapeBattery: BadRequest[] = [
  { label: 'null body', raw: 'null' },
  { label: 'array body', raw: '[]' },
  { label: 'string body', raw: '"postData"' },
  { label: 'number body', raw: '123' },
  { label: 'boolean body', raw: 'true' },
  { label: 'empty object', raw: '{}' },
  { label: '10,000 nested arrays', raw: nest(10_000) },
];

/** The payload of each body kind with one field replaced (undefined: removed). */
const bodies: Record<Exclude<BodyKind, 'none'>, { wrap?: string; valid: Record<string, unknown> }> = {
  signup: {
    valid: { username: 'sweep_user', password: 'password123', firstName: 'Sweep', lastName: 'User' },
  },
  login: { valid: { username: 'guest', password: 'guest-password' } },
  post: { wrap: 'postData', valid: { content: 'fine' } },
  comment: { wrap: 'commentData', valid: { text: 'fine' } },
  user: { wrap: 'updatedUserData', valid: { bio: 'fine' } },
  // The sweeper's real password: each request of the battery breaks exactly one other thing.
  password: { valid: { currentPassword: 'password123', newPassword: 'a-new-password' } },
  deleteAccount: { valid: { password: 'password123' } },
};

const wrongValues: [string, unknown][] = [
  ['a number', 123],
  ['null', null],
  ['an array', ['x']],
  ['an object', { x: 'y' }],
  ['true', true],
];

/** Per-kind values that are the right type but break a rule. */
const ruleBreakers: Record<Exclude<BodyKind, 'none'>, [string, string, unknown][]> = {
  signup: [
    ['username', 'too long', 'u'.repeat(31)],
    ['username', 'SQL', "x' OR 1=1 --"],
    ['username', 'NUL', 'ab\u0000cd'],
    ['username', 'reserved', 'bookmark'],
    ['password', 'too short', 'short'],
    ['password', 'too long', 'p'.repeat(257)],
    ['firstName', 'empty', '   '],
    ['firstName', 'too long', 'n'.repeat(51)],
    ['firstName', 'NUL', 'a\u0000'],
    ['bio', 'too long', 'b'.repeat(301)],
    ['links', 'javascript:', 'javascript:alert(1)'],
    ['avatarURL', 'data:', 'data:image/png;base64,AAAA'],
    ['email', 'not an email', '<script>@'],
  ],
  login: [
    ['username', 'unknown', 'no_such_user_at_all'],
    ['username', 'NUL', 'gu\u0000est'],
    ['username', 'SQL', "guest' --"],
    ['username', 'huge', 'g'.repeat(20_000)],
    ['password', 'wrong', 'guest-password\u0000'],
    ['password', 'empty', ''],
  ],
  post: [
    ['content', 'empty', ''],
    ['content', 'whitespace', ' \n\t\r '],
    ['content', 'over 5000', 'p'.repeat(5001)],
    ['content', 'over 5000 emoji', '🙂'.repeat(5001)],
    ['content', 'NUL', 'before\u0000after'],
  ],
  comment: [
    ['text', 'empty', ''],
    ['text', 'whitespace', '\u00a0 \n '],
    ['text', 'over 2000', 'c'.repeat(2001)],
    ['text', 'NUL', '\u0000'],
  ],
  user: [
    ['bio', 'over 300', 'b'.repeat(301)],
    ['bio', 'NUL', 'b\u0000'],
    ['city', 'over 100', 'c'.repeat(101)],
    ['links', 'javascript:', 'javascript:alert(1)'],
    ['links', 'protocol-relative', '//evil.example'],
    ['avatarURL', 'javascript:', 'javascript:alert(1)'],
    ['avatarURL', 'too long', `https://example.com/${'a'.repeat(2100)}`],
  ],
  password: [
    ['currentPassword', 'wrong', 'not-the-password'],
    ['currentPassword', 'empty', ''],
    ['newPassword', 'too short', 'short'],
    ['newPassword', 'too long', 'p'.repeat(257)],
  ],
  deleteAccount: [
    ['password', 'wrong', 'not-the-password'],
    ['password', 'NUL', 'password123\u0000'],
  ],
};

function bodyBattery(kind: Exclude<BodyKind, 'none'>): BadRequest[] {
  const { wrap, valid } = bodies[kind];
  const wrapped = (inner: Record<string, unknown> | unknown) => (wrap ? { [wrap]: inner } : inner);
  const battery: BadRequest[] = [];
  if (wrap) {
    for (const [name, value] of wrongValues) {
      // An object of unknown fields is a valid (empty) profile edit.
      if (kind === 'user' && name === 'an object') continue;
      battery.push({ label: `${wrap} is ${name}`, raw: json({ [wrap]: value }) });
    }
    battery.push({ label: `${wrap} as 10,000 nested arrays`, raw: `{"${wrap}": ${nest(10_000)}}` });
    battery.push({
      label: `${wrap} with 8,000 nested objects`,
      raw: `{"${wrap}": {${json(Object.keys(valid)[0])}: ${nestObjects(8_000)}}}`,
    });
    battery.push({ label: `${wrap} as a string`, raw: json({ [wrap]: 'text' }) });
  }
  for (const field of Object.keys(valid)) {
    for (const [name, value] of wrongValues) {
      battery.push({ label: `${field} is ${name}`, raw: json(wrapped({ ...valid, [field]: value })) });
    }
    const deep = json(wrapped({ ...valid, [field]: '__DEEP__' })).replace('"__DEEP__"', nest(10_000));
    battery.push({ label: `${field} as 10,000 nested arrays`, raw: deep });
    // Removing a field is only an error where the field is required (not for the profile edit).
    if (kind !== 'user') {
      const without = { ...valid };
      delete without[field];
      battery.push({ label: `${field} missing`, raw: json(wrapped(without)) });
    }
  }
  for (const [field, name, value] of ruleBreakers[kind]) {
    battery.push({ label: `${field} ${name}`, raw: json(wrapped({ ...valid, [field]: value })) });
  }
  return battery;
}

/** Path parameters that are not ids (as sent on the wire, already URL-encoded). */
const badIds: [string, string][] = [
  ['dot-dot-slash', '..%2F..'],
  ['encoded NUL', '%00'],
  ['NUL inside', 'abc%00def'],
  ['10 KB id', 'a'.repeat(10 * 1024)],
  ['SQL', encodeURIComponent("' OR 1=1 --")],
  ['SQL union', encodeURIComponent('1 UNION SELECT password_hash FROM users')],
  ['script', encodeURIComponent('<script>alert(1)</script>')],
  ['zero-width', '%E2%80%8B'],
  ['emoji', encodeURIComponent('🙂')],
  ['RTL', encodeURIComponent('مرحبا')],
  ['bad encoding', '%ZZ'],
  ['lone surrogate encoding', '%ED%A0%80'],
  ['unknown uuid', '00000000-0000-7000-8000-000000000000'],
];

const badQueries = (list: NonNullable<SweepRoute['list']>): [string, string][] => {
  const queries: [string, string][] = [
    ['limit 0', 'limit=0'],
    ['limit abc', 'limit=abc'],
    ['limit -1', 'limit=-1'],
    ['limit 1.5', 'limit=1.5'],
    ['limit huge', `limit=${'9'.repeat(40)}`],
    ['two limits', 'limit=1&limit=2'],
  ];
  if (list === 'suggestions') return [...queries, ['limit 21', 'limit=21']];
  queries.push(
    ['limit 101', 'limit=101'],
    ['garbage cursor', 'cursor=garbage'],
    ['dotted cursor', 'cursor=a.b'],
    ['three-part cursor', 'cursor=a.b.c'],
    ['long cursor', `cursor=${'c'.repeat(300)}`],
    ['NUL cursor', 'cursor=%00'],
  );
  if (list === 'posts')
    queries.push(
      ['bad sort', 'sort=oldest'],
      ['sort SQL', `sort=${encodeURIComponent('newest; DROP TABLE posts')}`],
    );
  return queries;
};

describeEachDatabase('bad input', (dialect) => {
  let server: TestServer;
  let token: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    server = await startServer(dialect);
    const owner = await server.signup(uniqueName('sweeper'));
    const other = await server.signup(uniqueName('swept'));
    token = owner.token;
    const created = await server.request('POST', '/api/posts', {
      token,
      body: { postData: { content: 'the sweep post' } },
    });
    const postId = created.body.posts.at(-1)!._id;
    await server.request('POST', `/api/posts/like/${postId}`, { token: other.token });
    const commented = await server.request('POST', `/api/comments/add/${postId}`, {
      token,
      body: { commentData: { text: 'the sweep comment' } },
    });
    const commentId = commented.body.posts.find((post) => post._id === postId)!.comments[0]!._id;
    ids = { postId, commentId, followUserId: other.user._id, username: owner.user.username };
  });
  afterAll(() => server.close());

  const fill = (path: string, override?: [string, string]) =>
    path.replace(/:(\w+)/g, (_, name: string) => (override?.[0] === name ? override[1] : ids[name]!));

  async function send(method: string, path: string, request: BadRequest) {
    total += 1;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (request.raw !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
    const response = await fetch(server.url + path, {
      method,
      headers,
      body: request.raw,
      signal: AbortSignal.timeout(5000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Reported below as a non-JSON answer.
    }
    return { status: response.status, body };
  }

  const queuedJobs = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  /** Sends each bad request and lists every one not refused cleanly or that changed the database. */
  async function sweep(method: string, requests: (BadRequest & { path: string })[]): Promise<string[]> {
    const failures: string[] = [];
    // Row counts and queued jobs (a refused request must not send mail) around every request; counts
    // plus a hash of all stored text around the whole battery.
    const start = await snapshot(server.database.db);
    let before = { ...start.counts, jobs: await queuedJobs() };
    for (const request of requests) {
      let reply: { status: number; body: unknown };
      try {
        reply = await send(method, request.path, request);
      } catch (error) {
        failures.push(
          `${method} ${request.path.slice(0, 80)} [${request.label}] → no answer: ${String(error)}`,
        );
        continue;
      }
      const clean =
        reply.status >= 400 &&
        reply.status < 500 &&
        reply.body !== null &&
        typeof reply.body === 'object' &&
        Object.keys(reply.body).join() === 'errors' &&
        // `errors` a list of texts (the contract's ErrorBody), of one that is not empty.
        Value.Check(ErrorBody, reply.body) &&
        reply.body.errors.length === 1 &&
        reply.body.errors[0]!.length > 0;
      if (!clean) {
        failures.push(
          `${method} ${request.path.slice(0, 80)} [${request.label}] → ${reply.status} ${JSON.stringify(reply.body).slice(0, 160)}`,
        );
      }
      const after = { ...(await rowCounts(server.database.db)), jobs: await queuedJobs() };
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        failures.push(`${method} ${request.path.slice(0, 80)} [${request.label}] changed the row counts`);
      }
      before = after;
    }
    if (JSON.stringify(await snapshot(server.database.db)) !== JSON.stringify(start)) {
      failures.push(`${method}: a request of this battery changed stored text or counters`);
    }
    return failures;
  }

  for (const route of routes) {
    describe(`${route.method} ${route.path}`, () => {
      if (route.method !== 'GET') {
        it('refuses unparseable, mistyped and oversized bodies', async () => {
          const path = fill(route.path);
          const battery = [
            ...parserBattery,
            ...(route.body === 'none' ? [] : [...shapeBattery, ...bodyBattery(route.body)]),
          ];
          expect(
            await sweep(
              route.method,
              battery.map((request) => ({ ...request, path })),
            ),
          ).toEqual([]);
        });
      }

      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      if (params.length > 0) {
        it('refuses path parameters that are not ids', async () => {
          const validBody =
            route.body === 'none'
              ? undefined
              : json(
                  bodies[route.body].wrap
                    ? { [bodies[route.body].wrap!]: bodies[route.body].valid }
                    : bodies[route.body].valid,
                );
          const requests = params.flatMap((param) =>
            badIds.map(([label, value]) => ({
              label: `${param} ${label}`,
              path: fill(route.path, [param, value]),
              raw: validBody,
            })),
          );
          expect(await sweep(route.method, requests)).toEqual([]);
        });
      }

      if (route.list) {
        it('refuses bad paging parameters', async () => {
          const requests = badQueries(route.list!).map(([label, query]) => ({
            label,
            path: `${fill(route.path)}?${query}`,
          }));
          expect(await sweep(route.method, requests)).toEqual([]);
        });
      }

      // Sign-up, login and the account routes answer no post, comment or user: they take no ?return=.
      const takesReturn = !route.path.startsWith('/api/auth/') && !route.path.startsWith('/api/account/');
      if (route.method !== 'GET' && takesReturn) {
        it('refuses an unknown ?return= value', async () => {
          const validBody =
            route.body === 'none'
              ? undefined
              : json({ [bodies[route.body].wrap!]: bodies[route.body].valid });
          expect(
            await sweep(route.method, [
              { label: 'return=everything', path: `${fill(route.path)}?return=everything`, raw: validBody },
            ]),
          ).toEqual([]);
        });
      }
    });
  }

  it('refuses a tampered cursor and a cursor of another list', async () => {
    const first = await server.request('GET', '/api/posts?limit=1');
    const cursor: string = first.body.nextCursor!;
    expect(cursor).toEqual(expect.any(String));
    const [body, signature] = cursor.split('.');
    const forgedBody = Buffer.from(JSON.stringify(['9999-12-31T00:00:00.000Z', 'zzz'])).toString('base64url');
    const users = await server.request('GET', '/api/users?limit=1');
    const requests = [
      { label: 'body swapped', path: `/api/posts?limit=1&cursor=${forgedBody}.${signature}` },
      { label: 'signature cut', path: `/api/posts?limit=1&cursor=${body}.${signature!.slice(0, -2)}` },
      { label: 'sort switched', path: `/api/posts?limit=1&sort=trending&cursor=${cursor}` },
      { label: 'users cursor on posts', path: `/api/posts?limit=1&cursor=${users.body.nextCursor}` },
      { label: 'posts cursor on users', path: `/api/users?limit=1&cursor=${cursor}` },
      { label: 'posts cursor on user posts', path: `/api/posts/user/maya.chen?limit=1&cursor=${cursor}` },
    ];
    expect(await sweep('GET', requests)).toEqual([]);
    const reply = await server.request('GET', `/api/posts?limit=1&cursor=${forgedBody}.${signature}`);
    expectError(
      reply,
      400,
      'The cursor is not valid. Load the list again from the start (without a cursor).',
    );
  });

  it('unknown routes and methods answer 404 {errors}, not 500', async () => {
    const requests = [
      { label: 'unknown api path', path: '/api/nothing/here' },
      { label: 'api root', path: '/api' },
    ];
    expect(await sweep('GET', requests)).toEqual([]);
    expect(await sweep('PUT', [{ label: 'PUT on posts', path: '/api/posts', raw: '{}' }])).toEqual([]);
    expect(
      await sweep('PATCH', [{ label: 'PATCH on a post', path: `/api/posts/${ids.postId}`, raw: '{}' }]),
    ).toEqual([]);
  });

  it('a text/plain body on a route without a body is refused with 415', async () => {
    const author = await server.signup(uniqueName('plain'));
    const created = await server.request('POST', '/api/posts', {
      token: author.token,
      body: { postData: { content: 'plain' } },
    });
    const postId = created.body.posts.at(-1)!._id;
    for (const raw of ['', 'like it']) {
      const reply = await send('POST', `/api/posts/like/${postId}`, {
        label: 'text/plain',
        raw,
        contentType: 'text/plain',
      });
      expectError(reply, 415);
    }
    const reactions = await server.database.db
      .selectFrom('post_reactions')
      .select('user_id')
      .where('post_id', '=', postId)
      .execute();
    expect(reactions).toEqual([]);
  });

  it('router-level refusals (bad %-encoding, 10 KB ids) answer {errors: [...]}', async () => {
    for (const path of ['/api/posts/%ZZ', `/api/posts/${'a'.repeat(10 * 1024)}`]) {
      const reply = await send('GET', path, { label: 'router' });
      expect(Object.keys(reply.body ?? {})).toEqual(['errors']);
    }
  });

  describe('hostile but valid text is accepted and stored verbatim', () => {
    // The third value: a bio and a city take it too. A direction override could disguise a name there
    // (use-cases/shared/text.ts), so a profile refuses it; posts and comments keep it.
    const texts: [string, string, boolean?][] = [
      ['emoji', '🎉🔥👩‍👩‍👧‍👦 🇵🇱'],
      ['RTL', 'مرحبا بالعالم — שלום עולם'],
      ['RTL override', 'abc\u202Eexe.txt', false],
      ['zero-width', 'zero\u200bwidth\u200djoiner\ufeffbom\u2060'],
      ['combining marks', 'Z̷̢a̸l̶g̵o̴'],
      ['SQL', "'; DROP TABLE posts; --"],
      ['SQL union', "1' UNION SELECT password_hash FROM users --"],
      ['script', '<script>alert(document.cookie)</script>'],
      ['img onerror', '<img src=x onerror=alert(1)>'],
      ['template', '${process.exit(1)} {{7*7}} %s %d'],
      ['backslashes', 'C:\\Windows\\System32 \\u0000 \\n'],
      ['json-looking', '{"__proto__": {"admin": true}}'],
    ];

    it.each(texts)(
      '%s as post content, comment text and bio',
      async (_label, text, profileTakesIt = true) => {
        const created = await server.request('POST', '/api/posts?return=post', {
          token,
          body: { postData: { content: text } },
        });
        expect(created.status).toBe(201);
        expect(created.body.post.content).toBe(text);
        const postId = created.body.post._id;
        expect((await server.request('GET', `/api/posts/${postId}`)).body.post.content).toBe(text);
        const stored = await server.database.db
          .selectFrom('posts')
          .select('content')
          .where('id', '=', postId)
          .executeTakeFirstOrThrow();
        expect(stored.content).toBe(text);

        const comment = await server.request('POST', `/api/comments/add/${postId}?return=post`, {
          token,
          body: { commentData: { text } },
        });
        expect(comment.status).toBe(201);
        expect(comment.body.comment!.text).toBe(text);
        expect((await server.request('GET', `/api/comments/${postId}`)).body.comments[0]!.text).toBe(text);

        const edited = await server.request('POST', '/api/users/edit?return=post', {
          token,
          body: { updatedUserData: { bio: text, city: text } },
        });
        if (profileTakesIt) {
          expect(edited.status).toBe(201);
          expect(edited.body.user.bio).toBe(text);
          expect(edited.body.user.city).toBe(text);
        } else {
          expect(edited.status).toBe(400);
        }

        // The tables are all still there.
        expect((await server.request('GET', '/api/posts')).status).toBe(200);
      },
    );
  });
});
