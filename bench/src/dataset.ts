import { newId } from '../../server/src/db/ids.js';
import { Progress } from './progress.js';
import { Random, ZipfSampler } from './random.js';
import type { Cell, DatasetSink, TableName } from './sinks/sink.js';
import { cities, firstNames, lastNames, randomText } from './text.js';

export interface DatasetSize {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  follows: number;
  bookmarks: number;
}

/** Every generated user has this password, so the benchmark can log in as anyone. */
export const benchPassword = 'sync-bench-password';
export const usernameOf = (userIndex: number) => `user${userIndex}`;

/** Dislikes are added on top of the likes asked for: 2 per 100 likes. */
const dislikesPerLike = 0.02;
/** No post is liked (or disliked) by more than this share of all users. */
const maxReactionShare = 0.5;
const yearMs = 365 * 86_400_000;
/** Skew: user 0 is the most active and the most followed; post popularity is shuffled over time. */
const activityExponent = 0.8;
const popularityExponent = 1.0;

export interface TableTiming {
  table: TableName;
  rows: number;
  seconds: number;
}

/**
 * Generates a data set with the skew of a real site and writes it table by table. The counters
 * (like_count, comment_count, follower_count, following_count) are computed from the generated rows.
 */
export async function generateDataset(
  sink: DatasetSink,
  size: DatasetSize,
  options: { passwordHash: string; seed: number; now?: number },
): Promise<TableTiming[]> {
  checkFeasible(size);
  const random = new Random(options.seed);
  const now = options.now ?? Date.now();
  const activity = new ZipfSampler(size.users, activityExponent, random);
  const fame = new ZipfSampler(size.users, popularityExponent, random);

  const users = planUsers(size.users, now, random);
  const follows = planFollows(size, users, activity, fame, random, now);
  const posts = planPosts(size, now, activity, random);
  const comments = planComments(size, posts, activity, random, now);

  const load = async (
    table: TableName,
    columns: readonly string[],
    total: number,
    rows: Iterable<readonly Cell[]>,
  ) => {
    const writer = sink.table(table, columns);
    const progress = new Progress(table, total);
    for (const row of rows) {
      await writer.write(row);
      progress.tick();
    }
    await writer.end();
    return { table, rows: total, seconds: progress.finish() };
  };

  return [
    await load('users', userColumns, size.users, userRows(users, follows, options.passwordHash, random)),
    await load('posts', postColumns, size.posts, postRows(posts, users, comments, random)),
    await load(
      'post_reactions',
      reactionColumns,
      posts.reactionTotal,
      reactionRows(posts, users, activity, random, now),
    ),
    await load('comments', commentColumns, size.comments, commentRows(comments, posts, users, random)),
    await load('follows', followColumns, size.follows, followRows(follows, users)),
    await load(
      'bookmarks',
      bookmarkColumns,
      size.bookmarks,
      bookmarkRows(size, posts, users, activity, random, now),
    ),
  ];
}

function checkFeasible(size: DatasetSize) {
  if (size.users < 2 || size.posts < 1) throw new Error('Need at least 2 users and 1 post.');
  const reactionCapacity = size.posts * Math.floor(size.users * maxReactionShare);
  if (size.likes * (1 + dislikesPerLike) > reactionCapacity) {
    throw new Error(
      `${size.likes} likes do not fit: at most ${maxReactionShare * 100}% of users react to one post.`,
    );
  }
  if (size.follows > (size.users * (size.users - 1)) / 2)
    throw new Error('Too many follows for so few users.');
  if (size.bookmarks > (size.users * size.posts) / 2)
    throw new Error('Too many bookmarks for so few users and posts.');
}

/** A time in [start, end), most often soon after start (activity fades as content ages). */
function soonAfter(start: number, end: number, random: Random): number {
  return Math.floor(start + (end - start) * Math.pow(random.next(), 3));
}

const iso = (ms: number) => new Date(ms).toISOString();

// ---- users ----

interface UserPlan {
  ids: string[];
  /** Users signed up during the year before the first post. */
  createdAt: Float64Array;
}

function planUsers(count: number, now: number, random: Random): UserPlan {
  const createdAt = new Float64Array(count);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    createdAt[i] = Math.floor(now - 2 * yearMs + random.next() * yearMs);
    ids.push(newId(createdAt[i]));
  }
  return { ids, createdAt };
}

const userColumns = [
  'id',
  'username',
  'username_key',
  'password_hash',
  'first_name',
  'last_name',
  'email',
  'avatar_url',
  'bio',
  'links',
  'city',
  'follower_count',
  'following_count',
  'created_at',
  'updated_at',
] as const;

function* userRows(users: UserPlan, follows: FollowPlan, passwordHash: string, random: Random) {
  for (let i = 0; i < users.ids.length; i++) {
    const username = usernameOf(i);
    const created = iso(users.createdAt[i]!);
    yield [
      users.ids[i]!,
      username,
      username.toLowerCase(),
      passwordHash,
      random.pick(firstNames),
      random.pick(lastNames),
      `${username}@example.com`,
      '',
      random.next() < 0.6 ? randomText(random, 20, 120) : '',
      '',
      random.pick(cities),
      follows.followerCount[i]!,
      follows.followingCount[i]!,
      created,
      created,
    ];
  }
}

// ---- follows ----

interface FollowPlan {
  follower: Int32Array;
  followee: Int32Array;
  createdAt: Float64Array;
  followerCount: Int32Array;
  followingCount: Int32Array;
}

/** Active users follow famous users; no pair twice, nobody follows themself. */
function planFollows(
  size: DatasetSize,
  users: UserPlan,
  activity: ZipfSampler,
  fame: ZipfSampler,
  random: Random,
  now: number,
): FollowPlan {
  const plan: FollowPlan = {
    follower: new Int32Array(size.follows),
    followee: new Int32Array(size.follows),
    createdAt: new Float64Array(size.follows),
    followerCount: new Int32Array(size.users),
    followingCount: new Int32Array(size.users),
  };
  const taken = new Set<number>();
  for (let i = 0; i < size.follows; i++) {
    let follower = 0;
    let followee = 0;
    for (let attempt = 0; ; attempt++) {
      // After many collisions in the crowded head of the distribution, pick uniformly.
      follower = attempt < 30 ? activity.draw() : random.below(size.users);
      followee = attempt < 30 ? fame.draw() : random.below(size.users);
      if (follower !== followee && !taken.has(follower * size.users + followee)) break;
    }
    taken.add(follower * size.users + followee);
    plan.follower[i] = follower;
    plan.followee[i] = followee;
    const bothJoined = Math.max(users.createdAt[follower]!, users.createdAt[followee]!);
    plan.createdAt[i] = Math.floor(random.between(bothJoined, now));
    plan.followerCount[followee]!++;
    plan.followingCount[follower]!++;
  }
  return plan;
}

const followColumns = ['follower_id', 'followee_id', 'created_at'] as const;

function* followRows(follows: FollowPlan, users: UserPlan) {
  for (let i = 0; i < follows.follower.length; i++) {
    yield [users.ids[follows.follower[i]!]!, users.ids[follows.followee[i]!]!, iso(follows.createdAt[i]!)];
  }
}

// ---- posts and reactions ----

interface PostPlan {
  ids: string[];
  /** Spread over the last year, in ascending order (post ids are UUIDv7, so they ascend too). */
  createdAt: Float64Array;
  author: Int32Array;
  likeCount: Int32Array;
  dislikeCount: Int32Array;
  reactionTotal: number;
  popularity: ZipfSampler;
}

function planPosts(size: DatasetSize, now: number, activity: ZipfSampler, random: Random): PostPlan {
  const createdAt = new Float64Array(size.posts);
  for (let i = 0; i < size.posts; i++) createdAt[i] = Math.floor(now - yearMs + random.next() * yearMs);
  createdAt.sort();
  const author = new Int32Array(size.posts);
  const ids: string[] = [];
  for (let i = 0; i < size.posts; i++) {
    author[i] = activity.draw();
    ids.push(newId(createdAt[i]));
  }
  // Popular posts are anywhere in time: ranks are shuffled over the posts.
  const popularity = new ZipfSampler(size.posts, popularityExponent, random, random.permutation(size.posts));
  const cap = Math.floor(size.users * maxReactionShare);
  const likeCount = new Int32Array(size.posts);
  const dislikeCount = new Int32Array(size.posts);
  const dislikes = Math.round(size.likes * dislikesPerLike);
  const reactionsOf = (post: number) => likeCount[post]! + dislikeCount[post]!;
  for (let i = 0; i < size.likes; i++)
    likeCount[drawBelowCap(popularity, reactionsOf, cap, size.posts, random)]!++;
  for (let i = 0; i < dislikes; i++)
    dislikeCount[drawBelowCap(popularity, reactionsOf, cap, size.posts, random)]!++;
  return {
    ids,
    createdAt,
    author,
    likeCount,
    dislikeCount,
    reactionTotal: size.likes + dislikes,
    popularity,
  };
}

/** A popular item whose count is below `cap`, or after many tries any such item. */
function drawBelowCap(
  sampler: ZipfSampler,
  countOf: (item: number) => number,
  cap: number,
  n: number,
  random: Random,
): number {
  for (let attempt = 0; attempt < 50; attempt++) {
    const item = sampler.draw();
    if (countOf(item) < cap) return item;
  }
  for (;;) {
    const item = random.below(n);
    if (countOf(item) < cap) return item;
  }
}

const postColumns = [
  'id',
  'author_id',
  'content',
  'like_count',
  'comment_count',
  'created_at',
  'updated_at',
] as const;

function* postRows(posts: PostPlan, users: UserPlan, comments: CommentPlan, random: Random) {
  for (let i = 0; i < posts.ids.length; i++) {
    const created = iso(posts.createdAt[i]!);
    yield [
      posts.ids[i]!,
      users.ids[posts.author[i]!]!,
      randomText(random, 40, 280),
      posts.likeCount[i]!,
      comments.countOfPost[i]!,
      created,
      created,
    ];
  }
}

const reactionColumns = ['post_id', 'user_id', 'kind', 'created_at'] as const;

/** Each post's likes, then dislikes, from distinct users (active users react more), after the post. */
function* reactionRows(posts: PostPlan, users: UserPlan, activity: ZipfSampler, random: Random, now: number) {
  const userCount = users.ids.length;
  for (let post = 0; post < posts.ids.length; post++) {
    const likes = posts.likeCount[post]!;
    const wanted = likes + posts.dislikeCount[post]!;
    const reactors = new Set<number>();
    for (let attempt = 0; reactors.size < wanted; attempt++) {
      reactors.add(attempt < 4 * wanted + 50 ? activity.draw() : random.below(userCount));
    }
    let rank = 0;
    for (const user of reactors) {
      const kind = rank++ < likes ? 'like' : 'dislike';
      yield [posts.ids[post]!, users.ids[user]!, kind, iso(soonAfter(posts.createdAt[post]!, now, random))];
    }
  }
}

// ---- comments ----

interface CommentPlan {
  /** Comment i is on post `post[i]`, by user `author[i]`, at `createdAt[i]`. */
  post: Int32Array;
  author: Int32Array;
  createdAt: Float64Array;
  /** The comment indexes in time order: comment ids are UUIDv7, so they are written ascending. */
  order: Int32Array;
  countOfPost: Int32Array;
}

function planComments(
  size: DatasetSize,
  posts: PostPlan,
  activity: ZipfSampler,
  random: Random,
  now: number,
): CommentPlan {
  const plan: CommentPlan = {
    post: new Int32Array(size.comments),
    author: new Int32Array(size.comments),
    createdAt: new Float64Array(size.comments),
    order: new Int32Array(size.comments),
    countOfPost: new Int32Array(size.posts),
  };
  for (let i = 0; i < size.comments; i++) {
    const post = posts.popularity.draw();
    plan.post[i] = post;
    plan.author[i] = activity.draw();
    plan.createdAt[i] = soonAfter(posts.createdAt[post]!, now, random);
    plan.countOfPost[post]!++;
    plan.order[i] = i;
  }
  plan.order.sort((a, b) => plan.createdAt[a]! - plan.createdAt[b]!);
  return plan;
}

const commentColumns = ['id', 'post_id', 'author_id', 'text', 'created_at', 'updated_at'] as const;

function* commentRows(comments: CommentPlan, posts: PostPlan, users: UserPlan, random: Random) {
  for (const i of comments.order) {
    const created = comments.createdAt[i]!;
    yield [
      newId(created),
      posts.ids[comments.post[i]!]!,
      users.ids[comments.author[i]!]!,
      randomText(random, 10, 140),
      iso(created),
      iso(created),
    ];
  }
}

// ---- bookmarks ----

const bookmarkColumns = ['user_id', 'post_id', 'created_at'] as const;

/** Active users bookmark popular posts; no pair twice. */
function* bookmarkRows(
  size: DatasetSize,
  posts: PostPlan,
  users: UserPlan,
  activity: ZipfSampler,
  random: Random,
  now: number,
) {
  const taken = new Set<number>();
  for (let i = 0; i < size.bookmarks; i++) {
    let user = 0;
    let post = 0;
    for (let attempt = 0; ; attempt++) {
      user = attempt < 30 ? activity.draw() : random.below(size.users);
      post = attempt < 30 ? posts.popularity.draw() : random.below(size.posts);
      if (!taken.has(user * size.posts + post)) break;
    }
    taken.add(user * size.posts + post);
    yield [users.ids[user]!, posts.ids[post]!, iso(soonAfter(posts.createdAt[post]!, now, random))];
  }
}
