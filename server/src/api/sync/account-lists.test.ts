import type { User } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterMismatches } from '../../test/counters.js';
import { expectError, snapshot, uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

type Account = { token: string; user: User };
const lists = ['following', 'blocking', 'muting', 'bookmarks'] as const;
type List = (typeof lists)[number];

describeEachDatabase('account lists as Mastodon CSV files', (dialect) => {
  let server: TestServer;
  let host: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    host = new URL(server.url).host;
  });
  afterAll(() => server.close());

  const ok = async <Method extends string, Url extends string>(
    method: Method,
    path: Url,
    who: Account,
    body?: unknown,
  ) => {
    const reply = await server.request(method, path, { token: who.token, body });
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
    return reply.body;
  };
  const post = async (author: Account, content: string) =>
    (await ok('POST', '/api/posts?return=post', author, { postData: { content } })).post._id as string;
  const exported = async (who: Account, list: List) => {
    const reply = await server.request('GET', `/api/account/export/${list}`, { token: who.token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return { text: String(reply.body ?? ''), disposition: reply.headers.get('content-disposition') };
  };
  const everyList = async (who: Account) =>
    Object.fromEntries(
      await Promise.all(lists.map(async (list) => [list, (await exported(who, list)).text])),
    );
  const importFile = (who: Pick<Account, 'token'>, type: string, text: string, mode?: string) => {
    const form = new FormData();
    form.set('type', type);
    if (mode) form.set('mode', mode);
    form.set('data', new Blob([text]), `${type}.csv`);
    return server.request('POST', '/api/account/import', { token: who.token, body: form });
  };
  const people = async (count: number) =>
    Promise.all(Array.from({ length: count }, () => server.signup(uniqueName('csv'))));

  it('exports follows, blocks, mutes and bookmarks in the files Mastodon writes', async () => {
    const [me, ann, ben, cat, dan] = await people(5);
    const annPost = await post(ann!, 'ann writes');
    const benPost = await post(ben!, 'ben writes');
    await ok('POST', `/api/users/follow/${ann!.user._id}?return=minimal`, me!);
    await ok('POST', `/api/users/follow/${ben!.user._id}?return=minimal`, me!);
    await ok('POST', `/api/users/${cat!.user.username}/block`, me!);
    await ok('POST', `/api/users/${dan!.user.username}/mute`, me!, { notifications: false });
    await ok('POST', `/api/users/${ann!.user.username}/mute`, me!, {});
    await ok('POST', `/api/users/bookmark/${annPost}?return=minimal`, me!);
    await ok('POST', `/api/users/bookmark/${benPost}?return=minimal`, me!);
    const at = (who: Account) => `${who.user.username}@${host}`;

    const following = await exported(me!, 'following');
    expect(following.disposition).toBe('attachment; filename="following_accounts.csv"');
    expect(following.text).toBe(
      'Account address,Show boosts,Notify on new posts,Languages\n' +
        `${at(ann!)},true,false,\n${at(ben!)},true,false,\n`,
    );
    const blocking = await exported(me!, 'blocking');
    expect(blocking.disposition).toBe('attachment; filename="blocked_accounts.csv"');
    expect(blocking.text).toBe(`${at(cat!)}\n`);
    const muting = await exported(me!, 'muting');
    expect(muting.disposition).toBe('attachment; filename="muted_accounts.csv"');
    expect(muting.text).toBe(`Account address,Hide notifications\n${at(dan!)},false\n${at(ann!)},true\n`);
    const bookmarks = await exported(me!, 'bookmarks');
    expect(bookmarks.disposition).toBe('attachment; filename="bookmarks.csv"');
    expect(bookmarks.text).toBe(`${server.url}/post/${annPost}\n${server.url}/post/${benPost}\n`);
  });

  it('round trip: the files imported into another account give it the same lists, counters exact', async () => {
    const [me, other, ann, ben, cat] = await people(5);
    const annPost = await post(ann!, 'ann again');
    await ok('POST', `/api/users/follow/${ann!.user._id}?return=minimal`, me!);
    await ok('POST', `/api/users/follow/${ben!.user._id}?return=minimal`, me!);
    await ok('POST', `/api/users/${cat!.user.username}/block`, me!);
    await ok('POST', `/api/users/${ben!.user.username}/mute`, me!, { notifications: false });
    await ok('POST', `/api/users/bookmark/${annPost}?return=minimal`, me!);
    const mine = await everyList(me!);

    for (const list of lists) {
      const reply = await importFile(other!, list, mine[list]!);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const rows = list === 'following' ? 2 : 1;
      expect(reply.body).toEqual({
        type: list,
        mode: 'merge',
        rows,
        added: rows,
        kept: 0,
        removed: 0,
        notFound: { count: 0, rows: [] },
        refused: { count: 0, rows: [] },
      });
    }
    expect(await everyList(other!)).toEqual(mine);
    // The follows went through the follow write: counts and the followed people's notifications.
    expect(await counterMismatches(server.database.db)).toEqual([]);
    const notifications = await ok('GET', '/api/notifications', ann!);
    expect(JSON.stringify(notifications)).toContain(other!.user.username);

    // The same files again change nothing: every row is on the lists already.
    const again = await importFile(other!, 'following', mine.following!);
    expect(again.body).toMatchObject({ rows: 2, added: 0, kept: 2, removed: 0 });
    expect(await everyList(other!)).toEqual(mine);
  });

  it("takes Mastodon's files as Mastodon writes them: header or not, more columns, @, CRLF, a byte-order mark", async () => {
    const [me, ann, ben, cat] = await people(4);
    const annPost = await post(ann!, 'a post to bookmark');
    const an = ann!.user.username;
    const bn = ben!.user.username;
    // As Mastodon 4 writes following_accounts.csv, with a person of another server and one who is not here.
    const following =
      'Account address,Show boosts,Notify on new posts,Languages\n' +
      `${an}@${host},true,false,\n` +
      `${bn}@${host.toUpperCase()},false,true,"en, de"\n` +
      'Gargron@mastodon.social,true,false,\n' +
      `nobody_like_this@${host},true,false,\n`;
    const reply = await importFile(me!, 'following', following);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ rows: 4, added: 2, kept: 0 });
    expect(reply.body.notFound).toEqual({
      count: 2,
      rows: [
        {
          row: 'Gargron@mastodon.social',
          reason: 'on another server: Sync does not connect to other servers yet',
        },
        { row: `nobody_like_this@${host}`, reason: 'nobody here has this username' },
      ],
    });
    // Show boosts false is kept: ben's reposts stay out of the Following timeline.
    expect((await exported(me!, 'following')).text).toContain(`${bn}@${host},false,false,\n`);

    // No header, an @, a byte-order mark, CRLF, extra columns; a bare username is of this server.
    const muting = `\uFEFF@${an}@${host},false,extra\r\n${cat!.user.username}\r\n\r\n`;
    expect((await importFile(me!, 'muting', muting)).body).toMatchObject({ rows: 2, added: 2 });
    expect((await exported(me!, 'muting')).text).toBe(
      `Account address,Hide notifications\n${an}@${host},false\n${cat!.user.username}@${host},true\n`,
    );
    const bookmarks = `${server.url}/post/${annPost}\r\nhttps://mastodon.social/@Gargron/1\r\n${server.url}/post/999999999999999999999999\r\n`;
    const marked = await importFile(me!, 'bookmarks', bookmarks);
    expect(marked.body).toMatchObject({ rows: 3, added: 1 });
    expect(marked.body.notFound.count).toBe(2);
    expect(marked.body.notFound.rows.map((row) => row.row)).toEqual([
      'https://mastodon.social/@Gargron/1',
      `${server.url}/post/999999999999999999999999`,
    ]);
    expect((await exported(me!, 'bookmarks')).text).toBe(`${server.url}/post/${annPost}\n`);
  });

  it('overwrite makes the list the file: the others are removed, through the same writes', async () => {
    const [me, ann, ben, cat, dan, eve] = await people(6);
    const [annPost, benPost] = [await post(ann!, 'one'), await post(ben!, 'two')];
    for (const who of [ann!, ben!]) await ok('POST', `/api/users/follow/${who.user._id}?return=minimal`, me!);
    await ok('POST', `/api/users/${cat!.user.username}/block`, me!);
    await ok('POST', `/api/users/${cat!.user.username}/mute`, me!, {});
    await ok('POST', `/api/users/bookmark/${annPost}?return=minimal`, me!);
    const address = (who: Account) => `${who.user.username}@${host}`;

    const follow = await importFile(me!, 'following', `${address(ben!)}\n${address(eve!)}\n`, 'overwrite');
    expect(follow.body).toMatchObject({ mode: 'overwrite', rows: 2, added: 1, kept: 1, removed: 1 });
    expect((await exported(me!, 'following')).text).toBe(
      'Account address,Show boosts,Notify on new posts,Languages\n' +
        `${address(ben!)},true,false,\n${address(eve!)},true,false,\n`,
    );
    const blocked = await importFile(me!, 'blocking', `${address(dan!)}\n`, 'overwrite');
    expect(blocked.body).toMatchObject({ added: 1, removed: 1 });
    expect((await exported(me!, 'blocking')).text).toBe(`${address(dan!)}\n`);
    const muted = await importFile(me!, 'muting', `${address(ben!)}\n`, 'overwrite');
    expect(muted.body).toMatchObject({ added: 1, removed: 1 });
    expect((await exported(me!, 'muting')).text).toBe(
      `Account address,Hide notifications\n${address(ben!)},true\n`,
    );
    const marked = await importFile(me!, 'bookmarks', `${server.url}/post/${benPost}\n`, 'overwrite');
    expect(marked.body).toMatchObject({ added: 1, removed: 1 });
    expect((await exported(me!, 'bookmarks')).text).toBe(`${server.url}/post/${benPost}\n`);
    // ann lost a follower, eve gained one: the counters moved with the writes.
    expect(await counterMismatches(server.database.db)).toEqual([]);
  });

  it('keeps the rules: nobody follows someone who blocked them, nor themself; the rows are named back', async () => {
    const [me, ann, ben] = await people(3);
    await ok('POST', `/api/users/${me!.user.username}/block`, ann!);
    const annPost = await post(ann!, 'not for me');
    const reply = await importFile(
      me!,
      'following',
      `${ann!.user.username}\n${me!.user.username}\n${ben!.user.username}\n`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ rows: 3, added: 1 });
    expect(reply.body.refused.count).toBe(2);
    expect(reply.body.refused.rows).toEqual([
      { row: ann!.user.username, reason: expect.stringContaining(ann!.user.username) },
      { row: me!.user.username, reason: 'this is your own account' },
    ]);
    expect((await exported(me!, 'following')).text).not.toContain(ann!.user.username);
    const marked = await importFile(me!, 'bookmarks', `${server.url}/post/${annPost}\n`);
    expect(marked.body).toMatchObject({ added: 0 });
    expect(marked.body.notFound.count + marked.body.refused.count).toBe(1);
    expect(await counterMismatches(server.database.db)).toEqual([]);
  });

  describe('a file that cannot be imported changes nothing', () => {
    const cases: [string, string, string, number, string][] = [
      [
        'not CSV',
        'following',
        'a,"b\nc',
        422,
        'Line 1 of the file is not CSV: a quoted field that never ends.',
      ],
      ['the wrong list', 'following', 'https://example.com/post/1\n', 422, 'is not an account address'],
      ['a list of addresses as bookmarks', 'bookmarks', 'ann@example.com\n', 422, "is not a post's URL"],
      ['an empty file', 'blocking', '', 422, 'The file holds no rows'],
      ['only a header', 'muting', 'Account address,Hide notifications\n', 422, 'The file holds no rows'],
      ['too many rows', 'blocking', 'someone\n'.repeat(5001), 413, 'Sync imports at most 5,000 at once'],
      ['too large', 'blocking', 'a'.repeat(1024 * 1024 + 1), 413, 'The file is larger than 1 MB'],
      ['an unknown list', 'lists', 'x\n', 400, 'type'],
      ['an unknown mode', 'following', 'x\n', 400, 'mode'],
    ];
    it.each(cases)('%s', async (_name, type, text, status, words) => {
      const [me, ann] = await people(2);
      await ok('POST', `/api/users/follow/${ann!.user._id}?return=minimal`, me!);
      const before = { lists: await everyList(me!), db: await snapshot(server.database.db) };
      const reply = await importFile(me!, type, text, _name === 'an unknown mode' ? 'replace' : 'overwrite');
      expectError(reply, status);
      expect(reply.body.errors.join(' ')).toContain(words);
      expect({ lists: await everyList(me!), db: await snapshot(server.database.db) }).toEqual(before);
    });

    it('no file: a 422 that says how to send one', async () => {
      const [me] = await people(1);
      const form = new FormData();
      form.set('type', 'following');
      const reply = await server.request('POST', '/api/account/import', { token: me!.token, body: form });
      expectError(
        reply,
        422,
        'Choose the CSV file to import: send it as multipart/form-data in the field "data".',
      );
    });
  });

  it('needs a signed-in user', async () => {
    expect((await server.request('GET', '/api/account/export/following')).status).toBe(401);
    expect((await importFile({ token: '' }, 'following', 'x\n')).status).toBe(401);
  });
});
