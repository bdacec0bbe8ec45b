/**
 * Keyword filters on Sync's API: each person's own list (`GET|POST /api/filters`, `PUT|DELETE
 * /api/filters/:id`), the checks of what they write (a clear 400, nothing changed), another person's
 * filter as if it did not exist (404), and what the rules stage reads of them (`activeFilters`).
 */
import { FilterLimits, type FilterReply } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeFilters } from '../../data/filters.repo.js';
import { expectError } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newPerson, type Person } from '../../test/people.js';

const politics = {
  title: 'Politics',
  context: ['public', 'home'],
  action: 'warn',
  keywords: [
    { keyword: 'election', wholeWord: true },
    { keyword: 'ballot box', wholeWord: false },
  ],
};

describeEachDatabase('keyword filters', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const create = (who: Person, body: unknown) =>
    server.request('POST', '/api/filters', { token: who.token, body });
  const update = (who: Person, id: string, body: unknown) =>
    server.request('PUT', `/api/filters/${id}`, { token: who.token, body });
  const list = async (who: Person) => {
    const reply = await server.request('GET', '/api/filters', { token: who.token });
    expect(reply.status).toBe(200);
    return reply.body.filters;
  };
  /** The person's filters and keywords as stored. */
  const stored = async (who: Person) => {
    const filters = await server.database.db
      .selectFrom('filters')
      .selectAll()
      .where('user_id', '=', who.id)
      .orderBy('id')
      .execute();
    if (filters.length === 0) return { filters, keywords: [] };
    const keywords = await server.database.db
      .selectFrom('filter_keywords')
      .selectAll()
      .where(
        'filter_id',
        'in',
        filters.map((filter) => filter.id),
      )
      .orderBy('id')
      .execute();
    return { filters, keywords };
  };

  it('GET: a new person has none', async () => {
    expect(await list(await newPerson(server, 'nofilters'))).toEqual([]);
  });

  it('POST: 201 with the filter as stored: its contexts in their usual order, once each, texts trimmed', async () => {
    const person = await newPerson(server, 'filterer');
    const reply = await create(person, {
      ...politics,
      title: '  Politics ',
      context: ['public', 'home', 'public'],
      keywords: [...politics.keywords, { keyword: ' vote ', wholeWord: true }],
    });
    expect(reply.status).toBe(201);
    const { filter } = reply.body;
    expect(filter).toEqual({
      id: expect.any(String),
      title: 'Politics',
      context: ['home', 'public'],
      action: 'warn',
      expiresAt: null,
      keywords: [
        { id: expect.any(String), keyword: 'election', wholeWord: true },
        { id: expect.any(String), keyword: 'ballot box', wholeWord: false },
        { id: expect.any(String), keyword: 'vote', wholeWord: true },
      ],
    });
    expect(await list(person)).toEqual([filter]);
    const rows = await stored(person);
    expect(rows.filters).toMatchObject([{ id: filter.id, title: 'Politics', contexts: 'home,public' }]);
    expect(rows.keywords.map((row) => [row.keyword, row.whole_word])).toEqual([
      ['election', 1],
      ['ballot box', 0],
      ['vote', 1],
    ]);
  });

  it('a filter set to last ends then: listed still, no longer read by the rules stage', async () => {
    const person = await newPerson(server, 'expiring');
    const before = Date.now();
    const { filter } = (await create(person, { ...politics, expiresInSeconds: 3600 })).body;
    const expiresAt = Date.parse(filter.expiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
    expect(expiresAt).toBeLessThan(server.clock.now().getTime() + 3600_000);
    const active = () => activeFilters(server.database.db, person.id, server.clock.now().toISOString());
    expect((await active()).map((kept) => kept.id)).toEqual([filter.id]);

    server.clock.advance(3600_000);
    expect(await active()).toEqual([]);
    expect(await list(person)).toEqual([filter]);
  });

  it('lists the oldest first', async () => {
    const person = await newPerson(server, 'lister');
    const first = (await create(person, politics)).body.filter;
    const second = (await create(person, { ...politics, title: 'Sport', action: 'hide' })).body.filter;
    expect((await list(person)).map((filter) => filter.id)).toEqual([first.id, second.id]);
  });

  describe('PUT', () => {
    let person: Person;
    let filter!: FilterReply['filter'];
    beforeAll(async () => {
      person = await newPerson(server, 'editor');
      filter = (await create(person, { ...politics, expiresInSeconds: 600 })).body.filter;
    });

    it('replaces the filter; a keyword kept keeps its id, one left out goes, a new one comes', async () => {
      const [election, ballot] = filter.keywords;
      const reply = await update(person, filter.id, {
        title: 'Elections',
        context: ['thread'],
        action: 'hide',
        keywords: [
          { keyword: 'ballot box', wholeWord: true },
          { keyword: 'polls', wholeWord: true },
        ],
      });
      expect(reply.status).toBe(200);
      expect(reply.body.filter).toEqual({
        id: filter.id,
        title: 'Elections',
        context: ['thread'],
        action: 'hide',
        // Left out: as it was.
        expiresAt: filter.expiresAt,
        keywords: [
          { id: ballot!.id, keyword: 'ballot box', wholeWord: true },
          { id: expect.any(String), keyword: 'polls', wholeWord: true },
        ],
      });
      expect(reply.body.filter.keywords[1]!.id).not.toBe(election!.id);
      expect(await list(person)).toEqual([reply.body.filter]);
      expect((await stored(person)).keywords.map((row) => row.keyword).sort()).toEqual([
        'ballot box',
        'polls',
      ]);
      filter = reply.body.filter;
    });

    it('expiresInSeconds: null ends the expiry, a number sets it from now', async () => {
      const never = await update(person, filter.id, { ...politics, expiresInSeconds: null });
      expect(never.body.filter.expiresAt).toBeNull();
      const now = server.clock.now().getTime();
      const soon = await update(person, filter.id, { ...politics, expiresInSeconds: 60 });
      expect(Date.parse(soon.body.filter.expiresAt!)).toBeGreaterThan(now + 59_000);
      expect(Date.parse(soon.body.filter.expiresAt!)).toBeLessThan(now + 61_000);
    });
  });

  it('DELETE: answers the id; the filter and its keywords are gone', async () => {
    const person = await newPerson(server, 'deleter');
    const { filter } = (await create(person, politics)).body;
    const reply = await server.request('DELETE', `/api/filters/${filter.id}`, { token: person.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ deleted: filter.id });
    expect(await list(person)).toEqual([]);
    expect(await stored(person)).toEqual({ filters: [], keywords: [] });
    const keywords = await server.database.db
      .selectFrom('filter_keywords')
      .select('id')
      .where('filter_id', '=', filter.id)
      .execute();
    expect(keywords).toEqual([]);
  });

  it('a change is read at once: warn marks a post `filtered`, hide leaves it out, a deletion restores it', async () => {
    const [reader, author] = [await newPerson(server, 'reader'), await newPerson(server, 'author')];
    const created = await server.request('POST', '/api/posts?return=post', {
      token: author.token,
      body: { postData: { content: 'Who won the Election? #politics' } },
    });
    const postId: string = created.body.post._id;
    const shown = async () => {
      const reply = await server.request('GET', '/api/posts?limit=20', { token: reader.token });
      return reply.body.posts.find((post) => post._id === postId);
    };
    // The reader's rules are read, and kept, before the filter exists.
    expect((await shown())!.filtered).toBeUndefined();

    const { filter } = (await create(reader, politics)).body;
    expect((await shown())!.filtered).toEqual([
      { filterId: filter.id, title: 'Politics', keywords: ['election'] },
    ]);
    // Another person's filter changes nothing for them.
    expect(
      (await server.request('GET', '/api/posts?limit=20', { token: author.token })).body.posts[0]!.filtered,
    ).toBeUndefined();

    await update(reader, filter.id, { ...politics, action: 'hide' });
    expect(await shown()).toBeUndefined();
    await update(reader, filter.id, { ...politics, context: ['thread'] });
    expect((await shown())!.filtered).toBeUndefined();
    await update(reader, filter.id, politics);
    expect((await shown())!.filtered).toHaveLength(1);
    await server.request('DELETE', `/api/filters/${filter.id}`, { token: reader.token });
    expect((await shown())!.filtered).toBeUndefined();
  });

  describe("another person's filter does not exist for them", () => {
    let owner: Person;
    let other: Person;
    let filter!: FilterReply['filter'];
    beforeAll(async () => {
      owner = await newPerson(server, 'owner');
      other = await newPerson(server, 'other');
      filter = (await create(owner, politics)).body.filter;
    });

    it('PUT and DELETE → 404, nothing changed; they do not see it in their list', async () => {
      const before = await stored(owner);
      const message = `No filter with id "${filter.id}" exists.`;
      expectError(await update(other, filter.id, { ...politics, title: 'Mine now' }), 404, message);
      expectError(
        await server.request('DELETE', `/api/filters/${filter.id}`, { token: other.token }),
        404,
        message,
      );
      expect(await list(other)).toEqual([]);
      expect(await stored(owner)).toEqual(before);
    });

    it('an id that names no filter → 404', async () => {
      expectError(
        await update(owner, 'no-such-filter', politics),
        404,
        'No filter with id "no-such-filter" exists.',
      );
      expectError(
        await server.request('DELETE', '/api/filters/no-such-filter', { token: owner.token }),
        404,
        'No filter with id "no-such-filter" exists.',
      );
    });
  });

  describe('bad input: 400 with what to change, nothing stored', () => {
    const tooMany = Array.from({ length: FilterLimits.keywordsPerFilter + 1 }, (_, index) => ({
      keyword: `word${index}`,
      wholeWord: true,
    }));
    const cases: [string, Record<string, unknown>, string | undefined][] = [
      ['an empty title', { title: '  ' }, "The title can't be empty."],
      [
        'a title too long',
        { title: 'x'.repeat(101) },
        "The title can't be longer than 100 characters (it has 101).",
      ],
      [
        'no context',
        { context: [] },
        'Choose at least one place the filter applies: home, notifications, public, thread or account.',
      ],
      ['an unknown context', { context: ['home', 'everywhere'] }, undefined],
      ['an unknown action', { action: 'blur' }, undefined],
      ['an empty keyword', { keywords: [{ keyword: ' ', wholeWord: true }] }, "A keyword can't be empty."],
      [
        'a keyword too long',
        { keywords: [{ keyword: 'k'.repeat(101), wholeWord: true }] },
        "A keyword can't be longer than 100 characters (it has 101).",
      ],
      [
        '101 keywords',
        { keywords: tooMany },
        'A filter can have at most 100 keywords (this one would have 101).',
      ],
      ...[0, -60, 1.5, FilterLimits.expiresInSecondsMax + 1].map(
        (seconds): [string, Record<string, unknown>, string] => [
          `expiresInSeconds ${seconds}`,
          { expiresInSeconds: seconds },
          'The expiry must be a whole number of seconds from 1 to 315,360,000, or null for never.',
        ],
      ),
    ];
    let person: Person;
    let filter!: FilterReply['filter'];
    beforeAll(async () => {
      person = await newPerson(server, 'badinput');
      filter = (await create(person, politics)).body.filter;
    });

    it.each(cases)('%s', async (_name, change, message) => {
      const before = await stored(person);
      for (const reply of [
        await create(person, { ...politics, ...change }),
        await update(person, filter.id, { ...politics, ...change }),
      ]) {
        expectError(reply, 400, message);
        // A refusal by the request's schema names the field.
        if (message === undefined) expect(reply.body.errors[0]).toMatch(/context|action/);
      }
      expect(await stored(person)).toEqual(before);
    });

    it(`a person has at most ${FilterLimits.filtersPerPerson} filters`, async () => {
      const collector = await newPerson(server, 'collector');
      const rows = Array.from({ length: FilterLimits.filtersPerPerson }, (_, index) => ({
        id: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
        user_id: collector.id,
        title: `Filter ${index}`,
        contexts: 'home',
        action: 'warn' as const,
        expires_at: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      }));
      await server.database.db.insertInto('filters').values(rows).execute();
      const before = await stored(collector);
      expectError(
        await create(collector, politics),
        400,
        'You have 100 filters, the most one person can have: delete one to add another.',
      );
      expect(await stored(collector)).toEqual(before);
      await server.request('DELETE', `/api/filters/${rows[0]!.id}`, { token: collector.token });
      expect((await create(collector, politics)).status).toBe(201);
    });
  });
});
