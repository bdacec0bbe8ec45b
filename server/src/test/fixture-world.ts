import type { QuotePolicy } from '@sync/contract';
import { findUserById, type UserRow } from '../data/users.repo.js';
import { manualClock } from '../clock.js';
import type { Dialect } from '../data/database.js';
import { signup } from '../use-cases/sync/auth.js';
import { editProfile } from '../use-cases/sync/users.js';
import { setProfileImage, uploadMedia } from '../use-cases/shared/media.js';
import { createPost, editPost, reactToPost } from '../use-cases/sync/posts.js';
import { addComment, voteOnComment } from '../use-cases/sync/comments.js';
import { createStatus } from '../use-cases/mastodon/statuses.js';
import { changeRepost } from '../use-cases/sync/reposts.js';
import { changeBookmark } from '../use-cases/sync/bookmarks.js';
import { changeFollow } from '../use-cases/sync/follows.js';
import { changeBlock } from '../use-cases/sync/blocks.js';
import { changeMute } from '../use-cases/sync/mutes.js';
import { changeQueuedReport, fileReport } from '../use-cases/sync/reports.js';
import { actOnAccount } from '../use-cases/shared/moderation.js';
import { grantRoleFromCommandLine } from '../use-cases/shared/role-changes.js';
import { createFilter } from '../use-cases/shared/filters.js';
import { saveMarkers } from '../use-cases/mastodon/markers.js';
import { createRule } from '../use-cases/sync/instance.js';
import { exchangeToken, registerApp } from '../use-cases/mastodon/oauth.js';
import { startServer, type AdvancingClock, type TestServer } from './harness.js';
import { openUseCaseDeps } from './use-case-deps.js';
import type { Deps } from '../use-cases/shared/deps.js';
import { jpeg } from './images.js';

/**
 * A small, fixed world for tests below HTTP (issue 39 item 7): six people and what they did, written
 * through the use cases on a real database, on a clock that stands still between steps, so every time
 * in an answer is the same on every run and on both databases. Ids are UUIDv7 with random bits and
 * media keys are random (no generator is injected), so what compares answers names them (`names`).
 * Two ways in: `startFixtureWorld` in the real app (the golden answers ask it over `inject`), and
 * `openFixtureWorld` with the use cases alone, no Fastify (use-case tests call them with `world.deps`).
 *
 * - ada: the owner (a moderator), who wrote the server's rule, reposts, quotes ben's photo and resolves
 *   a report;
 * - ben: avatar, bio, links and city; posts a mention, a tag, a link and a photo with alt text;
 *   follows cleo, blocks fay, mutes dan, bookmarks cleo's post, filters "spoilers";
 * - cleo: follows ben; writes a post she edits (reposted and quoted before), comments on ben's post;
 * - dan: quotes cleo's post, reported by cleo and limited;
 * - eve: wrote a post, then suspended;
 * - fay: blocked by ben.
 */
export interface FixtureWorld {
  /** What the use cases are handed, on the world's database: tests call the use cases with it. */
  deps: Deps;
  /** Advances the app's clock; it reads the same time until the next step. */
  step(): void;
  /**
   * Signs up one more person, with both tokens. A test that changes the world does so in accounts of
   * its own, so the other tests of its file still find the world as it was written.
   */
  join(username: string): Promise<FixturePerson>;
  people: Record<PersonName, FixturePerson>;
  posts: Record<PostName, string>;
  comments: Record<CommentName, string>;
  /** cleo's report of dan's quote (a rule broken), resolved with dan's limit. */
  reportId: string;
  /** ben's report of dan (spam), open. */
  spamReportId: string;
  ruleId: string;
  mediaId: string;
  filterId: string;
  /** Every id the world made by name, for answers compared as text (`ben`, `post:photo`). */
  names: Map<string, string>;
}

/** The world in the real app, asked over HTTP (`server.app.inject`): the golden answers' world. */
export interface ServedFixtureWorld extends FixtureWorld {
  server: TestServer;
}

/** The world without Fastify, for use-case tests: only the use cases and the database. */
export interface OpenedFixtureWorld extends FixtureWorld {
  /** Closes and drops the world's database. */
  close(): Promise<void>;
}

export type PersonName = 'ada' | 'ben' | 'cleo' | 'dan' | 'eve' | 'fay';
type PostName = 'photo' | 'draft' | 'quote' | 'praise' | 'eve';
type CommentName = 'lovely' | 'thanks';

export interface FixturePerson {
  id: string;
  username: string;
  /** Sync's session token. */
  token: string;
  /** A Mastodon app's access token (password grant). */
  accessToken: string;
}

/** When the world begins: every row it writes is stamped a whole minute after this. */
export const worldStart = new Date('2026-03-02T09:00:00.000Z');

const password = 'fixture-world-password';
const stepMs = 60_000;

/** Starts the real app on a fresh database of `dialect` and writes the world into it. */
export async function startFixtureWorld(dialect: Dialect): Promise<ServedFixtureWorld> {
  const clock = manualClock(worldStart);
  const server = await startServer(dialect, { seed: false, clock });
  return { ...(await writeFixtureWorld(server.app.deps, clock)), server };
}

/**
 * Writes the world into a fresh database of `dialect` through the use cases alone (`openUseCaseDeps`),
 * without Fastify: for use-case tests, which open it once per file (`beforeAll`).
 */
export async function openFixtureWorld(dialect: Dialect): Promise<OpenedFixtureWorld> {
  const clock = manualClock(worldStart);
  const opened = await openUseCaseDeps(dialect, clock);
  try {
    return { ...(await writeFixtureWorld(opened.deps, clock)), close: opened.close };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

async function writeFixtureWorld(deps: Deps, clock: AdvancingClock): Promise<FixtureWorld> {
  const step = () => clock.advance(stepMs);
  const names = new Map<string, string>();
  const named = <T extends string>(name: string, id: T): T => {
    names.set(id, name);
    return id;
  };

  const { app, clientSecret } = await registerApp(deps, {
    client_name: 'Fixture app',
    redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
    scopes: 'read write follow push admin:read admin:write',
  });
  const join = async (name: string, firstName: string, lastName: string): Promise<FixturePerson> => {
    step();
    const reply = await signup(deps, { username: name, password, firstName, lastName });
    if (!('createdUser' in reply)) throw new Error(`${name} was not signed up: ${reply.message}`);
    const issued = await exchangeToken(deps, {
      grant_type: 'password',
      client_id: app.client_id,
      client_secret: clientSecret,
      username: name,
      password,
      scope: 'read write follow push admin:read admin:write',
    });
    return {
      id: named(name, reply.createdUser._id),
      username: name,
      token: reply.encodedToken,
      accessToken: issued.accessToken,
    };
  };
  const people = {
    ada: await join('ada', 'Ada', 'Owner'),
    ben: await join('ben', 'Ben', 'Gardner'),
    cleo: await join('cleo', 'Cleo', 'Writer'),
    dan: await join('dan', 'Dan', 'Quoter'),
    eve: await join('eve', 'Eve', 'Gone'),
    fay: await join('fay', 'Fay', 'Blocked'),
  };
  const { ada, ben, cleo, dan, eve, fay } = people;
  const row = async (person: FixturePerson): Promise<UserRow> => {
    const found = await findUserById(deps.db, person.id);
    if (!found) throw new Error(`${person.username} is not in the database`);
    return found;
  };

  await grantRoleFromCommandLine(deps, { username: 'ada', role: 'owner' });
  step();
  const { rule } = await createRule(deps, {
    actor: await row(ada),
    body: { text: 'Be kind', hint: 'No insults, no harassment.' },
  });
  const ruleId = named('rule', rule.id);

  step();
  await editProfile(deps, {
    viewer: await row(ben),
    data: { bio: 'Roses and tomatoes.', links: 'https://example.org/ben', city: 'Lyon' },
    changedOnly: true,
  });
  await setProfileImage(deps, {
    viewerId: ben.id,
    purpose: 'avatar',
    upload: { bytes: await jpeg(64, 64, '#336699') },
  });

  for (const [follower, followed] of [
    [ben, cleo],
    [cleo, ben],
    [ada, ben],
    [dan, ben],
    [ada, cleo],
  ] as const) {
    step();
    await changeFollow(deps, {
      viewerId: follower.id,
      targetId: followed.id,
      change: 'follow',
      changedOnly: true,
    });
  }

  step();
  const photo = await uploadMedia(deps, {
    viewerId: ben.id,
    upload: { bytes: await jpeg(120, 80, '#884422') },
    description: 'A red rose in the morning light',
  });
  named('media:photo', photo.id);
  const post = async (
    author: FixturePerson,
    content: string,
    more: { mediaIds?: string[]; quoteId?: string; quotePolicy?: QuotePolicy } = {},
  ) => {
    step();
    return postIdOf(await createPost(deps, { viewerId: author.id, content, changedOnly: true, ...more }));
  };
  const photoPost = await post(
    ben,
    'Good morning @cleo! The roses are out #gardening https://example.org/roses',
    {
      mediaIds: [photo.id],
    },
  );
  const draft = await post(cleo, 'A first draft about tomatoes');
  const evePost = await post(eve, 'Soon gone');
  step();
  await changeRepost(deps, { viewerId: ada.id, postId: photoPost, repost: true });
  step();
  await changeRepost(deps, { viewerId: ada.id, postId: draft, repost: true });
  const posts = {
    photo: named('post:photo', photoPost),
    draft: named('post:draft', draft),
    eve: named('post:eve', evePost),
    quote: named(
      'post:quote',
      await post(dan, 'Not convinced by this one', { quoteId: draft, quotePolicy: 'nobody' }),
    ),
    praise: named('post:praise', await post(ada, 'The best roses in town, @ben', { quoteId: photoPost })),
  };
  step();
  await editPost(deps, {
    viewerId: cleo.id,
    postId: posts.draft,
    content: 'A second draft about tomatoes, with spoilers #gardening',
    changedOnly: true,
  });

  step();
  await reactToPost(deps, { viewerId: cleo.id, postId: posts.photo, kind: 'like', changedOnly: true });
  step();
  await reactToPost(deps, { viewerId: dan.id, postId: posts.photo, kind: 'dislike', changedOnly: true });
  step();
  const lovely = commentIdOf(
    await addComment(deps, {
      viewerId: cleo.id,
      postId: posts.photo,
      text: 'Lovely, @ben! Which variety?',
      changedOnly: true,
    }),
  );
  step();
  const thanks = (
    await createStatus(deps, {
      viewerId: ben.id,
      text: '@cleo A Pierre de Ronsard',
      inReplyToId: lovely,
      mediaIds: [],
      sensitive: false,
      idempotencyKey: undefined,
    })
  ).items[0];
  if (thanks?.kind !== 'comment') throw new Error('the reply to a comment is not a comment');
  step();
  await voteOnComment(deps, {
    viewerId: ben.id,
    postId: posts.photo,
    commentId: lovely,
    vote: 'up',
    changedOnly: true,
  });
  step();
  await changeBookmark(deps, { viewerId: ben.id, postId: posts.draft, change: 'add', changedOnly: true });

  step();
  await changeBlock(deps, { viewerId: ben.id, username: fay.username, block: true });
  step();
  await changeMute(deps, {
    viewerId: ben.id,
    username: dan.username,
    mute: { notifications: false, durationSeconds: null },
  });
  step();
  const filter = await createFilter(deps, {
    userId: ben.id,
    filter: {
      title: 'Spoilers',
      contexts: ['home', 'public', 'thread'],
      action: 'warn',
      keywords: [{ keyword: 'spoilers', wholeWord: true }],
    },
  });
  step();
  await saveMarkers(deps, { userId: ben.id, positions: [{ timeline: 'home', lastReadId: posts.draft }] });

  step();
  const report = await fileReport(deps, {
    reporter: await row(cleo),
    target: { username: dan.username },
    postIds: [posts.quote],
    commentIds: [],
    statusIds: [],
    category: 'violation',
    ruleIds: [ruleId],
    comment: 'Rude about my draft',
  });
  step();
  const spamReport = await fileReport(deps, {
    reporter: await row(ben),
    target: { username: dan.username },
    postIds: [],
    commentIds: [],
    statusIds: [],
    category: 'spam',
    ruleIds: [],
    comment: 'Follows everyone',
  });
  const moderate = async (target: FixturePerson, type: 'limit' | 'suspend', text: string) => {
    step();
    await actOnAccount(deps, {
      moderator: await row(ada),
      account: { id: target.id },
      action: { type, text, reportId: type === 'limit' ? report.id : undefined },
    });
  };
  await moderate(dan, 'limit', 'Please stay civil');
  await moderate(eve, 'suspend', 'Spam');
  step();
  await changeQueuedReport(deps, {
    viewer: await row(ada),
    id: report.id,
    action: 'resolve',
    note: 'Limited',
  });
  step();

  return {
    deps,
    step,
    join: (username) => join(username, 'Test', 'Person'),
    people,
    posts,
    comments: {
      lovely: named('comment:lovely', lovely),
      thanks: named('comment:thanks', thanks.comment.record.id),
    },
    reportId: named('report', report.id),
    spamReportId: named('report:spam', spamReport.id),
    ruleId,
    mediaId: photo.id,
    filterId: named('filter', filter.id),
    names,
  };
}

function postIdOf(answer: { post: { _id: string } } | { posts: unknown[] }): string {
  if (!('post' in answer)) throw new Error('asked for the changed post only, got every post');
  return answer.post._id;
}

function commentIdOf(answer: { comment?: { _id: string } } | { posts: unknown[] }): string {
  if (!('comment' in answer) || !answer.comment) throw new Error('asked for the changed comment, got none');
  return answer.comment._id;
}
