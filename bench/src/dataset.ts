import { newId } from '../../server/src/platform/db/ids.js';
import { nameKeys } from '../../server/src/data/name-keys.js';
import { Progress } from './progress.js';
import { Random, ZipfSampler } from './random.js';
import type { Cell, DatasetSink, TableName } from './sinks/sink.js';
import { cities, firstNames, lastNames, randomText, rareWord, tagWords } from './text.js';

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
/** Posts with a tag, and posts that mention someone. */
const taggedShare = 0.1;
const mentionShare = 0.05;
/** One post in this many has the rare word (search for a rare word finds a few). */
const rareWordEvery = 20_000;
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
  const posts = planPosts(size, now, activity, fame, random);
  const comments = planComments(size, posts, activity, random, now);
  const likes = new LikePlan(size.likes);

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
    await load('accounts', accountColumns, size.users, accountRows(users, follows, random)),
    await load('users', loginColumns, size.users, loginRows(users, options.passwordHash)),
    await load('posts', postColumns, size.posts, postRows(posts, users, comments, random)),
    await load(
      'post_reactions',
      reactionColumns,
      posts.reactionTotal,
      reactionRows(posts, users, activity, random, now, likes),
    ),
    await load('comments', commentColumns, size.comments, commentRows(comments, posts, users, random)),
    await load('follows', followColumns, size.follows, followRows(follows, users)),
    await load('post_tags', postTagColumns, posts.taggedCount, postTagRows(posts)),
    await load('mentions', mentionColumns, posts.mentionCount, mentionRows(posts, users)),
    ...(await loadNotifications(load, { users, posts, comments, follows, likes })),
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
    ids.push(newId(new Date(createdAt[i]!)));
  }
  return { ids, createdAt };
}

const accountColumns = [
  'id',
  'username',
  'username_key',
  'first_name',
  'last_name',
  'avatar_url',
  'bio',
  'links',
  'city',
  'follower_count',
  'following_count',
  'created_at',
  'updated_at',
  'name_key',
  'last_name_key',
] as const;

function* accountRows(users: UserPlan, follows: FollowPlan, random: Random) {
  for (let i = 0; i < users.ids.length; i++) {
    const username = usernameOf(i);
    const created = iso(users.createdAt[i]!);
    const [firstName, lastName] = [random.pick(firstNames), random.pick(lastNames)];
    const keys = nameKeys(firstName, lastName);
    yield [
      users.ids[i]!,
      username,
      username.toLowerCase(),
      firstName,
      lastName,
      '',
      random.next() < 0.6 ? randomText(random, 20, 120) : '',
      '',
      random.pick(cities),
      follows.followerCount[i]!,
      follows.followingCount[i]!,
      created,
      created,
      keys.name_key,
      keys.last_name_key,
    ];
  }
}

/** Each account's login (docs/decisions/125): the one password hash, an address of its own. */
const loginColumns = ['account_id', 'password_hash', 'email', 'email_key', 'created_at'] as const;

function* loginRows(users: UserPlan, passwordHash: string) {
  for (let i = 0; i < users.ids.length; i++) {
    const email = `${usernameOf(i)}@example.com`;
    yield [users.ids[i]!, passwordHash, email, email.toLowerCase(), iso(users.createdAt[i]!)];
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
  /** The index in tagWords of the post's tag, or -1. */
  tag: Int16Array;
  taggedCount: number;
  /** The user the post mentions (famous users are mentioned more), or -1. */
  mention: Int32Array;
  mentionCount: number;
}

function planPosts(
  size: DatasetSize,
  now: number,
  activity: ZipfSampler,
  fame: ZipfSampler,
  random: Random,
): PostPlan {
  const createdAt = new Float64Array(size.posts);
  for (let i = 0; i < size.posts; i++) createdAt[i] = Math.floor(now - yearMs + random.next() * yearMs);
  createdAt.sort();
  const author = new Int32Array(size.posts);
  const ids: string[] = [];
  for (let i = 0; i < size.posts; i++) {
    author[i] = activity.draw();
    ids.push(newId(new Date(createdAt[i]!)));
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
  const tagSampler = new ZipfSampler(tagWords.length, popularityExponent, random);
  const tag = new Int16Array(size.posts).fill(-1);
  const mention = new Int32Array(size.posts).fill(-1);
  let taggedCount = 0;
  let mentionCount = 0;
  for (let i = 0; i < size.posts; i++) {
    if (random.next() < taggedShare) {
      tag[i] = tagSampler.draw();
      taggedCount++;
    }
    if (random.next() < mentionShare) {
      mention[i] = fame.draw();
      mentionCount++;
    }
  }
  return {
    ids,
    createdAt,
    author,
    likeCount,
    dislikeCount,
    reactionTotal: size.likes + dislikes,
    popularity,
    tag,
    taggedCount,
    mention,
    mentionCount,
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
    let content = randomText(random, 40, 280);
    if (posts.mention[i] !== -1) content += ` @${usernameOf(posts.mention[i]!)}`;
    if (posts.tag[i] !== -1) content += ` #${tagWords[posts.tag[i]!]}`;
    if (i % rareWordEvery === 7) content += ` ${rareWord}`;
    yield [
      posts.ids[i]!,
      users.ids[posts.author[i]!]!,
      content,
      posts.likeCount[i]!,
      comments.countOfPost[i]!,
      created,
      created,
    ];
  }
}

const reactionColumns = ['post_id', 'user_id', 'kind', 'created_at'] as const;

/** Each post's likes, then dislikes, from distinct users (active users react more), after the post. */
function* reactionRows(
  posts: PostPlan,
  users: UserPlan,
  activity: ZipfSampler,
  random: Random,
  now: number,
  likePlan: LikePlan,
) {
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
      const at = soonAfter(posts.createdAt[post]!, now, random);
      if (kind === 'like') likePlan.add(post, user, at);
      yield [posts.ids[post]!, users.ids[user]!, kind, iso(at)];
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
  /** Filled as the comments are written (the notifications of comments name them). */
  ids: string[];
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
    ids: new Array<string>(size.comments),
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
    comments.ids[i] = newId(new Date(created));
    yield [
      comments.ids[i],
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

// ---- tags and mentions ----

const postTagColumns = ['post_id', 'tag', 'created_at', 'position'] as const;

/** A post has at most one tag, at its text's end: its position is 0 (migration 029). */
function* postTagRows(posts: PostPlan) {
  for (let i = 0; i < posts.ids.length; i++) {
    if (posts.tag[i] !== -1) yield [posts.ids[i]!, tagWords[posts.tag[i]!]!, iso(posts.createdAt[i]!), 0];
  }
}

const mentionColumns = ['source_id', 'post_id', 'comment_id', 'user_id', 'created_at'] as const;

function* mentionRows(posts: PostPlan, users: UserPlan) {
  for (let i = 0; i < posts.ids.length; i++) {
    if (posts.mention[i] === -1) continue;
    yield [posts.ids[i]!, posts.ids[i]!, null, users.ids[posts.mention[i]!]!, iso(posts.createdAt[i]!)];
  }
}

// ---- notifications ----

/** Every like as it was written (grouped by post, posts in order): the like notifications' actors. */
class LikePlan {
  readonly post: Int32Array;
  readonly user: Int32Array;
  readonly at: Float64Array;
  count = 0;

  constructor(capacity: number) {
    this.post = new Int32Array(capacity);
    this.user = new Int32Array(capacity);
    this.at = new Float64Array(capacity);
  }

  add(post: number, user: number, at: number) {
    this.post[this.count] = post;
    this.user[this.count] = user;
    this.at[this.count] = at;
    this.count++;
  }
}

interface NotificationSource {
  users: UserPlan;
  posts: PostPlan;
  comments: CommentPlan;
  follows: FollowPlan;
  likes: LikePlan;
}

interface PlannedNotification {
  recipient: number;
  type: 'like' | 'comment' | 'mention' | 'follow';
  groupKey: string;
  postId: string | null;
  commentId: string | null;
  /** Actors with the time of their cause. */
  actors: { user: number; at: number }[];
}

const notificationColumns = [
  'id',
  'recipient_id',
  'type',
  'group_key',
  'post_id',
  'comment_id',
  'actor_count',
  'latest_at',
] as const;
const notificationActorColumns = ['notification_id', 'actor_id', 'created_at'] as const;

/**
 * The notifications the generated likes, comments, follows and mentions cause, as the server would
 * have written them: likes grouped by post, followers by followee, one per comment and mention,
 * nobody notified of their own action.
 */
function* plannedNotifications(source: NotificationSource): Generator<PlannedNotification> {
  const { posts, comments, follows, likes } = source;
  for (let start = 0; start < likes.count;) {
    const post = likes.post[start]!;
    let end = start;
    const actors: { user: number; at: number }[] = [];
    for (; end < likes.count && likes.post[end] === post; end++) {
      if (likes.user[end] !== posts.author[post]) actors.push({ user: likes.user[end]!, at: likes.at[end]! });
    }
    start = end;
    if (actors.length === 0) continue;
    const postId = posts.ids[post]!;
    yield { recipient: posts.author[post]!, type: 'like', groupKey: postId, postId, commentId: null, actors };
  }
  for (let i = 0; i < comments.post.length; i++) {
    const post = comments.post[i]!;
    if (comments.author[i] === posts.author[post]) continue;
    yield {
      recipient: posts.author[post]!,
      type: 'comment',
      groupKey: comments.ids[i]!,
      postId: posts.ids[post]!,
      commentId: comments.ids[i]!,
      actors: [{ user: comments.author[i]!, at: comments.createdAt[i]! }],
    };
  }
  const byFollowee = Int32Array.from(follows.followee.keys()).sort(
    (a, b) => follows.followee[a]! - follows.followee[b]!,
  );
  for (let start = 0; start < byFollowee.length;) {
    const followee = follows.followee[byFollowee[start]!]!;
    const actors: { user: number; at: number }[] = [];
    let end = start;
    for (; end < byFollowee.length && follows.followee[byFollowee[end]!] === followee; end++) {
      actors.push({ user: follows.follower[byFollowee[end]!]!, at: follows.createdAt[byFollowee[end]!]! });
    }
    start = end;
    yield { recipient: followee, type: 'follow', groupKey: 'follow', postId: null, commentId: null, actors };
  }
  for (let i = 0; i < posts.ids.length; i++) {
    if (posts.mention[i] === -1 || posts.mention[i] === posts.author[i]) continue;
    yield {
      recipient: posts.mention[i]!,
      type: 'mention',
      groupKey: posts.ids[i]!,
      postId: posts.ids[i]!,
      commentId: null,
      actors: [{ user: posts.author[i]!, at: posts.createdAt[i]! }],
    };
  }
}

/** The time of the latest cause (a loop: a famous user's followers are too many to spread into Math.max). */
function latestOf(planned: PlannedNotification): number {
  let latest = 0;
  for (const actor of planned.actors) latest = Math.max(latest, actor.at);
  return latest;
}

/** Writes the notifications, then their actors (the ids are kept from one pass to the next). */
async function loadNotifications(
  load: (
    table: TableName,
    columns: readonly string[],
    total: number,
    rows: Iterable<readonly Cell[]>,
  ) => Promise<TableTiming>,
  source: NotificationSource,
): Promise<TableTiming[]> {
  const ids: string[] = [];
  let actorTotal = 0;
  for (const planned of plannedNotifications(source)) {
    ids.push(newId(new Date(latestOf(planned))));
    actorTotal += planned.actors.length;
  }
  const { users } = source;
  function* notificationRows() {
    let index = 0;
    for (const planned of plannedNotifications(source)) {
      const latest = latestOf(planned);
      yield [
        ids[index++]!,
        users.ids[planned.recipient]!,
        planned.type,
        planned.groupKey,
        planned.postId,
        planned.commentId,
        planned.actors.length,
        iso(latest),
      ];
    }
  }
  function* actorRows() {
    let index = 0;
    for (const planned of plannedNotifications(source)) {
      const id = ids[index++]!;
      for (const actor of planned.actors) yield [id, users.ids[actor.user]!, iso(actor.at)];
    }
  }
  return [
    await load('notifications', notificationColumns, ids.length, notificationRows()),
    await load('notification_actors', notificationActorColumns, actorTotal, actorRows()),
  ];
}
