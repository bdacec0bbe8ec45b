import type { Db } from '../../server/src/data/database.js';
import { newId } from '../../server/src/platform/db/ids.js';
import { followAll, insertUsers, madeUpUser } from './made-up-users.js';
import { copyPost, newestPage } from './photo-twins.js';

/**
 * Reposts in the Following timeline (issue 28), measured against twins as photos were (photo-twins.ts):
 * two accounts whose Following timeline's first page shows the same 20 posts, in the same order. The
 * posts are copies of the data set's newest page (text, reactions, comments, tag and mention), each by an
 * account of its own that posts nothing else, laid out in the middle of the data set's year. The `plain`
 * twin follows the 20 authors; the `reposts` twin follows 14 of them and 6 accounts that each reposted
 * one of the other 6 posts a second after it was posted (30% of the page are reposts, spread over it).
 * One filler post, older, by the first author (whom both follow), puts a row after both pages.
 *
 * The rows are written directly, counters exact: `repost_count` 1 on the 6 reposted posts,
 * `follower_count` and `following_count` equal to the follows (invariants.ts checks them).
 */
export const repostTwinUsernames = { plain: 'bench-repost-twin-plain', reposts: 'bench-repost-twin-reposts' };

export const repostTwinsPerPage = 20;
/** Page positions (0 the newest) that the reposts twin sees as reposts: 6 of 20, spread over the page. */
const repostedPositions = new Set([1, 4, 7, 10, 13, 16]);
export const repostTwinsReposts = repostedPositions.size;

/** Seconds between two posts of the page, and from a post to its repost (which keeps the order). */
const spacingSeconds = 60;
const repostAfterSeconds = 1;

export interface RepostTwinsReport {
  posts: number;
  reposts: number;
  users: number;
  seconds: number;
}

export async function addRepostTwins(db: Db): Promise<RepostTwinsReport> {
  const startedAt = performance.now();
  const page = await newestPage(db, repostTwinsPerPage);
  const [first, last] = await Promise.all(
    (['asc', 'desc'] as const).map((direction) =>
      db
        .selectFrom('posts')
        .select('created_at')
        .orderBy('created_at', direction)
        .limit(1)
        .executeTakeFirstOrThrow(),
    ),
  );
  // The middle of the year: no scenario's page reads there (the home feed reads the newest page, the
  // photo twins the oldest).
  const middle = (Date.parse(first!.created_at) + Date.parse(last!.created_at)) / 2;
  const timeOf = (position: number) => new Date(middle - position * spacingSeconds * 1000);
  const accountsSince = new Date(middle - 24 * 60 * 60 * 1000).toISOString();

  const authors = page.posts.map((_, i) => madeUpUser(`bench-repost-author-${i}`, accountsSince));
  const reposters = [...repostedPositions].map((i) =>
    madeUpUser(`bench-repost-reposter-${i}`, accountsSince),
  );
  const plain = madeUpUser(repostTwinUsernames.plain, accountsSince);
  const reposts = madeUpUser(repostTwinUsernames.reposts, accountsSince);
  await insertUsers(db, [...authors, ...reposters, plain, reposts]);

  const postIds: string[] = [];
  for (const [i, source] of page.posts.entries())
    postIds.push(
      await copyPost(db, page, source, { at: timeOf(i), authorId: authors[i]!.id, mediaCount: 0 }),
    );
  await copyPost(db, page, page.posts.at(-1)!, {
    at: timeOf(repostTwinsPerPage),
    authorId: authors[0]!.id,
    mediaCount: 0,
  });

  const repostRows = [...repostedPositions].map((position, i) => {
    const at = new Date(timeOf(position).getTime() + repostAfterSeconds * 1000);
    return {
      id: newId(at),
      user_id: reposters[i]!.id,
      post_id: postIds[position]!,
      created_at: at.toISOString(),
    };
  });
  await db.insertInto('reposts').values(repostRows).execute();
  await db
    .updateTable('posts')
    .set({ repost_count: 1 })
    .where(
      'id',
      'in',
      repostRows.map((row) => row.post_id),
    )
    .execute();

  const followees = {
    [plain.id]: authors,
    [reposts.id]: [...authors.filter((_, i) => !repostedPositions.has(i)), ...reposters],
  };
  for (const [followerId, followed] of Object.entries(followees))
    await followAll(
      db,
      followerId,
      followed.map((user) => user.id),
      accountsSince,
    );
  return {
    posts: postIds.length + 1,
    reposts: repostRows.length,
    users: authors.length + reposters.length + 2,
    seconds: (performance.now() - startedAt) / 1000,
  };
}
