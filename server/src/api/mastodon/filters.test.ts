/**
 * Keyword filters through masto.js: `/api/v2/filters` and their keywords, `GET /api/v1/filters` (each
 * keyword a v1 filter), the same filters Sync's own API writes; refusals as Mastodon words them (422
 * "Validation failed: …", 404 "Record not found"), a form body as Tusky sends one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { bearer, failure, newAppUser, type AppUser } from '../../test/mastodon.js';
import { succeed } from '../../test/people.js';

describeEachDatabase('Mastodon API: filters', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const appUser = (prefix: string) => newAppUser(server, prefix);
  const politics = {
    title: 'Politics',
    context: ['home', 'public'] as const,
    filterAction: 'warn' as const,
    keywordsAttributes: [{ keyword: 'election' }, { keyword: 'ballot box', wholeWord: false }],
  };

  it('create, list, fetch: the filter with its keywords, as Sync lists it too', async () => {
    const me = await appUser('filters');
    expect(await me.app.v2.filters.list()).toEqual([]);
    const created = await me.app.v2.filters.create({ ...politics, expiresIn: 3600 });
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Politics',
      context: ['home', 'public'],
      filterAction: 'warn',
      expiresAt: expect.any(String),
      keywords: [
        { id: expect.any(String), keyword: 'election', wholeWord: true },
        { id: expect.any(String), keyword: 'ballot box', wholeWord: false },
      ],
      statuses: [],
    });
    expect(Date.parse(created.expiresAt!)).toBeGreaterThan(Date.now() + 3590_000);
    expect(await me.app.v2.filters.list()).toEqual([created]);
    expect(await me.app.v2.filters.$select(created.id).fetch()).toEqual(created);

    const sync = await succeed(server, 'GET', '/api/filters', me);
    expect(sync.filters).toEqual([
      {
        id: created.id,
        title: 'Politics',
        context: ['home', 'public'],
        action: 'warn',
        expiresAt: created.expiresAt,
        keywords: created.keywords,
      },
    ]);
  });

  it('v1 lists each keyword as a filter of its own, hide as irreversible', async () => {
    const me = await appUser('v1filters');
    const warn = await me.app.v2.filters.create(politics);
    const hide = await me.app.v2.filters.create({
      title: 'Spoilers',
      context: ['thread'],
      filterAction: 'hide',
      keywordsAttributes: [{ keyword: 'finale' }],
    });
    expect(await me.app.v1.filters.list()).toEqual([
      {
        id: warn.keywords[0]!.id,
        phrase: 'election',
        context: ['home', 'public'],
        wholeWord: true,
        expiresAt: null,
        irreversible: false,
      },
      {
        id: warn.keywords[1]!.id,
        phrase: 'ballot box',
        context: ['home', 'public'],
        wholeWord: false,
        expiresAt: null,
        irreversible: false,
      },
      {
        id: hide.keywords[0]!.id,
        phrase: 'finale',
        context: ['thread'],
        wholeWord: true,
        expiresAt: null,
        irreversible: true,
      },
    ]);
  });

  describe('update', () => {
    let me: AppUser;
    beforeAll(async () => {
      me = await appUser('updater');
    });

    it('changes what is sent and leaves the rest; keywords by id: changed, removed, added', async () => {
      const filter = await me.app.v2.filters.create({ ...politics, expiresIn: 600 });
      const [election, ballot] = filter.keywords;
      const updated = await me.app.v2.filters.$select(filter.id).update({
        filterAction: 'hide',
        keywordsAttributes: [
          { id: election!.id, keyword: 'elections', wholeWord: false },
          { id: ballot!.id, _destroy: true },
          { keyword: 'polls' },
        ],
      });
      expect(updated).toEqual({
        ...filter,
        filterAction: 'hide',
        keywords: [
          { id: election!.id, keyword: 'elections', wholeWord: false },
          { id: expect.any(String), keyword: 'polls', wholeWord: true },
        ],
      });
      const renamed = await me.app.v2.filters.$select(filter.id).update({
        title: 'Elections',
        context: ['notifications'],
        expiresIn: null,
      });
      expect(renamed).toMatchObject({
        title: 'Elections',
        context: ['notifications'],
        filterAction: 'hide',
        keywords: updated.keywords,
      });
      // masto.js leaves a null out; an empty expires_in is how an app says "never".
      const never = await server.request('PUT', `/api/v2/filters/${filter.id}`, {
        headers: { authorization: bearer(me.accessToken) },
        body: { expires_in: '' },
      });
      expect(never.status).toBe(200);
      expect(never.body.expires_at).toBeNull();
    });

    it('a keyword id of another filter → 404, nothing changed', async () => {
      const [first, second] = [
        await me.app.v2.filters.create(politics),
        await me.app.v2.filters.create(politics),
      ];
      expect(
        await failure(
          me.app.v2.filters.$select(first.id).update({
            title: 'Changed',
            keywordsAttributes: [{ id: second.keywords[0]!.id, keyword: 'x' }],
          }),
        ),
      ).toEqual({ status: 404, error: 'Record not found' });
      expect(await me.app.v2.filters.$select(first.id).fetch()).toEqual(first);
    });
  });

  it('keywords: list, add, fetch, update, remove', async () => {
    const me = await appUser('keywords');
    const filter = await me.app.v2.filters.create(politics);
    const keywords = me.app.v2.filters.$select(filter.id).keywords;
    expect(await keywords.list()).toEqual(filter.keywords);

    const added = await keywords.create({ keyword: 'polls', wholeWord: false });
    expect(added).toEqual({ id: expect.any(String), keyword: 'polls', wholeWord: false });
    expect(await keywords.list()).toEqual([...filter.keywords, added]);

    const one = me.app.v2.filters.keywords.$select(added.id);
    expect(await one.fetch()).toEqual(added);
    expect(await one.update({ keyword: 'opinion polls' })).toEqual({ ...added, keyword: 'opinion polls' });
    expect(await one.update({ keyword: 'opinion polls', wholeWord: true })).toEqual({
      ...added,
      keyword: 'opinion polls',
      wholeWord: true,
    });
    await one.remove();
    expect(await keywords.list()).toEqual(filter.keywords);
    expect(await failure(one.fetch())).toEqual({ status: 404, error: 'Record not found' });
  });

  it('delete: answers {}, the filter and its keywords are gone', async () => {
    const me = await appUser('remover');
    const filter = await me.app.v2.filters.create(politics);
    const reply = await server.request('DELETE', `/api/v2/filters/${filter.id}`, {
      headers: { authorization: bearer(me.accessToken) },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({});
    expect(await me.app.v2.filters.list()).toEqual([]);
    expect(await failure(me.app.v2.filters.keywords.$select(filter.keywords[0]!.id).fetch())).toEqual({
      status: 404,
      error: 'Record not found',
    });
  });

  it("another person's filter and keywords are 404 Record not found, and stay as they were", async () => {
    const [owner, other] = [await appUser('owner'), await appUser('other')];
    const filter = await owner.app.v2.filters.create(politics);
    const keywordId = filter.keywords[0]!.id;
    const notFound = { status: 404, error: 'Record not found' };
    const attempts = [
      () => other.app.v2.filters.$select(filter.id).fetch(),
      () => other.app.v2.filters.$select(filter.id).update({ title: 'Mine' }),
      () => other.app.v2.filters.$select(filter.id).remove(),
      () => other.app.v2.filters.$select(filter.id).keywords.list(),
      () => other.app.v2.filters.$select(filter.id).keywords.create({ keyword: 'x' }),
      () => other.app.v2.filters.keywords.$select(keywordId).fetch(),
      () => other.app.v2.filters.keywords.$select(keywordId).update({ keyword: 'x' }),
      () => other.app.v2.filters.keywords.$select(keywordId).remove(),
    ];
    for (const attempt of attempts) expect(await failure(attempt())).toEqual(notFound);
    expect(await owner.app.v2.filters.list()).toEqual([filter]);
    expect(await other.app.v2.filters.list()).toEqual([]);
  });

  it('bad input: 422 "Validation failed: …", nothing stored', async () => {
    const me = await appUser('badfilters');
    const valid = { title: 'Politics', context: ['home'], keywords_attributes: [{ keyword: 'election' }] };
    const places = 'home, notifications, public, thread or account';
    const refusals: [Record<string, unknown>, string][] = [
      [{ title: '' }, "The title can't be empty."],
      [{ context: [] }, `Choose at least one place the filter applies: ${places}.`],
      [{ context: ['home', 'everywhere'] }, `"everywhere" is not a place a filter applies: use ${places}.`],
      [{ filter_action: 'blur' }, 'The action must be hide or warn.'],
      [
        { expires_in: 0 },
        'The expiry must be a whole number of seconds from 1 to 315,360,000, or null for never.',
      ],
      [{ keywords_attributes: [{ keyword: '  ' }] }, "A keyword can't be empty."],
    ];
    for (const [change, error] of refusals) {
      const reply = await server.request('POST', '/api/v2/filters', {
        headers: { authorization: bearer(me.accessToken) },
        body: { ...valid, ...change },
      });
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 422,
        body: { error: `Validation failed: ${error}` },
      });
    }
    expect(await me.app.v2.filters.list()).toEqual([]);
  });

  it('a form body, keywords as keywords_attributes[][…], as apps that send forms write it', async () => {
    const me = await appUser('formfilters');
    const form = new URLSearchParams([
      ['title', 'Sport'],
      ['context[]', 'home'],
      ['context[]', 'thread'],
      ['filter_action', 'hide'],
      ['expires_in', ''],
      ['keywords_attributes[][keyword]', 'match'],
      ['keywords_attributes[][whole_word]', 'false'],
      ['keywords_attributes[][keyword]', 'final score'],
    ]);
    const reply = await server.request('POST', '/api/v2/filters', {
      headers: { authorization: bearer(me.accessToken), 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: form.toString(),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      title: 'Sport',
      context: ['home', 'thread'],
      filter_action: 'hide',
      expires_at: null,
      keywords: [
        { keyword: 'match', whole_word: false },
        { keyword: 'final score', whole_word: true },
      ],
    });
  });
});
