/**
 * What the home timeline and a thread keep between answers: each status's JSON text
 * (read/views/mastodon/statuses.ts) and the accounts the statuses show (read/hydration/account-cache.ts).
 * A change is read right after it, from warm caches, and must show at once; the kept text must be what
 * GET /api/v1/statuses/:id renders. (A token kept by recent-accesses.ts stops reading at once when it is
 * revoked: api/sync/oauth.test.ts reads with it before revoking it.)
 */
import { createRestAPIClient, type mastodon } from 'masto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken } from '../../test/mastodon.js';
import { newPerson, succeed, type Person } from '../../test/people.js';

/** A person with a Mastodon app signed in for them. */
interface AppUser extends Person {
  client: mastodon.rest.Client;
}

describeEachDatabase('Mastodon API: what timelines and threads keep', (dialect) => {
  let server: TestServer;
  let reader: AppUser;
  let author: AppUser;
  let commenter: AppUser;
  let bystander: AppUser;

  const appUser = async (prefix: string): Promise<AppUser> => {
    const person = await newPerson(server, `${prefix}_${dialect}`);
    const token = await accessToken(server, person.token);
    return { ...person, client: createRestAPIClient({ url: server.url, accessToken: token }) };
  };
  const home = (who: AppUser = reader) => who.client.v1.timelines.home.list({ limit: 40 });
  const thread = (statusId: string, who: AppUser = reader) =>
    who.client.v1.statuses.$select(statusId).context.fetch();
  const post = async (who: AppUser, status: string) => (await who.client.v1.statuses.create({ status })).id;
  const reply = async (who: AppUser, inReplyToId: string, status: string) =>
    (await who.client.v1.statuses.create({ status, inReplyToId })).id;
  /** The account every status by `person` shows, checked to be the same on each. */
  const accountIn = (statuses: readonly mastodon.v1.Status[], person: Person) => {
    const shown = statuses
      .filter((status) => status.account.id === person.id)
      .map((status) => status.account);
    expect(shown.length).toBeGreaterThan(0);
    for (const account of shown) expect(account).toEqual(shown[0]);
    return shown[0]!;
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    reader = await appUser('reader');
    author = await appUser('author');
    commenter = await appUser('commenter');
    bystander = await appUser('bystander');
    await reader.client.v1.accounts.$select(author.id).follow();
  });

  it('renders each status of a timeline or a thread as GET /api/v1/statuses/:id does, read twice', async () => {
    const first = await post(author, `Hello @${commenter.username} and #kept${dialect}`);
    const answer = await reply(commenter, first, `Thanks @${author.username}`);
    await reply(author, answer, 'An answer to the answer');
    await post(reader, 'My own post, on my home timeline');
    for (let round = 0; round < 2; round += 1) {
      for (const status of await home())
        expect(status).toEqual(await reader.client.v1.statuses.$select(status.id).fetch());
      const { ancestors, descendants } = await thread(answer);
      expect(ancestors.map((status) => status.id)).toEqual([first]);
      expect(descendants).toHaveLength(1);
      for (const status of [...ancestors, ...descendants])
        expect(status).toEqual(await reader.client.v1.statuses.$select(status.id).fetch());
      // Signed out: no viewer's fields.
      const signedOut = await server.request('GET', `/api/v1/statuses/${first}/context`);
      expect(signedOut.status).toBe(200);
      for (const status of signedOut.body.descendants) {
        expect(status).not.toHaveProperty('favourited');
        expect(status).toEqual((await server.request('GET', `/api/v1/statuses/${status.id}`)).body);
      }
    }
  });

  it("moves an author's statuses count with their new posts and comments, and with a deleted post", async () => {
    const first = await post(author, 'A post to count from');
    const before = accountIn(await home(), author);
    const second = await post(author, 'One more post');
    const afterPost = accountIn(await home(), author);
    expect(afterPost.statusesCount).toBe(before.statusesCount + 1);
    expect(afterPost.lastStatusAt).not.toBeNull();

    const commented = await post(bystander, 'A post the commenter answers');
    await reply(commenter, first, 'A comment to count');
    const inThread = accountIn((await thread(first)).descendants, commenter);
    await reply(commenter, second, 'A second comment');
    expect(accountIn((await thread(first)).descendants, commenter).statusesCount).toBe(
      inThread.statusesCount + 1,
    );
    // Deleting a post takes its comments with it, whoever wrote them.
    await reply(commenter, commented, 'A comment that goes with its post');
    const withIt = accountIn((await thread(first)).descendants, commenter).statusesCount;
    await bystander.client.v1.statuses.$select(commented).remove();
    expect(accountIn((await thread(first)).descendants, commenter).statusesCount).toBe(withIt - 1);
  });

  it('moves both follow counts at once when someone follows or unfollows', async () => {
    await post(author, 'A post to show the follow counts');
    const before = accountIn(await home(), author);
    await bystander.client.v1.accounts.$select(author.id).follow();
    expect(accountIn(await home(), author).followersCount).toBe(before.followersCount + 1);
    await bystander.client.v1.accounts.$select(author.id).unfollow();
    expect(accountIn(await home(), author).followersCount).toBe(before.followersCount);

    await post(reader, 'A post of my own, to show my counts');
    const mine = accountIn(await home(), reader);
    await succeed(server, 'POST', `/api/users/follow/${bystander.id}`, reader);
    expect(accountIn(await home(), reader).followingCount).toBe(mine.followingCount + 1);
  });

  it('shows a profile change, a favourite, a bookmark and an edit at once', async () => {
    const id = await post(author, 'A post to change');
    await home();
    await author.client.v1.accounts.updateCredentials({ displayName: 'Renamed Author', note: 'New bio' });
    const renamed = accountIn(await home(), author);
    expect(renamed.displayName).toBe('Renamed Author');
    expect(renamed.note).toBe('<p>New bio</p>');

    const shown = async () => (await home()).find((status) => status.id === id)!;
    const before = await shown();
    await reader.client.v1.statuses.$select(id).favourite();
    expect(await shown()).toMatchObject({ favourited: true, favouritesCount: before.favouritesCount + 1 });
    await reader.client.v1.statuses.$select(id).bookmark();
    expect((await shown()).bookmarked).toBe(true);
    // Someone else's view of it has their own fields.
    expect((await home(author)).find((status) => status.id === id)).toMatchObject({
      favourited: false,
      bookmarked: false,
    });
    await succeed(server, 'POST', `/api/posts/edit/${id}`, author, { postData: { content: 'Edited' } });
    const edited = await shown();
    expect(edited.content).toBe('<p>Edited</p>');
    expect(edited.editedAt).not.toBeNull();
  });
});
