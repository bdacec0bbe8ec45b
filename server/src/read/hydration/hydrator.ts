import type { AnswerCaps } from '../../config.js';
import type { Db, Dialect } from '../../data/database.js';
import type { ReactionKind } from '../../data/schema.js';
import type * as comments from '../../data/comments.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as accounts from '../../data/accounts.repo.js';
import type { PostRef } from '../../data/post-ref.js';
import { noteEditedPost, noteNewComment, noteNewPost, noteOwnReaction } from './cache-updates.js';
import { PeopleHydrator, peopleShown, type AccountVersions } from './people.js';
import {
  PostHydrator,
  type HydratedComment,
  type HydratedPost,
  type PostCache,
  type PostShape,
  type Shown,
} from './posts.js';
import { accountsByIds, freshAccounts, type AccountRecord, type AccountSource } from './accounts.js';
import { AccountCache } from './account-cache.js';
import {
  accountsOfStatuses,
  statusesContext,
  taggedTextOf,
  type HydratedStatuses,
  type StatusItem,
} from './statuses.js';
import { TagReader } from './tags.js';
import { marksAndAccountVersions, marksOfViewers, noMarks, type ViewerMarks } from './viewer-marks.js';
import type { KeptBetweenAnswers } from '../kept.js';
import { RulesCache } from '../rules/rules-cache.js';
import type { ReadContext, ViewerRules } from '../rules/viewer-rules.js';
import { seesPost, visiblePosts, visibleStatuses } from './visible.js';
import {
  acceptedQuotes,
  noQuotes,
  quotableBy,
  quotedIdsOf,
  shownQuotes,
  type ShownQuotes,
} from './quotes.js';

/**
 * The middle of the read pipeline (skeleton → hydrate → view): everything a list of posts shows,
 * loaded in a fixed number of batched queries whatever the number of posts, and shared by every route.
 *
 * This is the façade the use cases call (as Bluesky's AppView hydrator is over its per-domain ones); it
 * composes one module per job and decides only what runs together in one query:
 * - posts.ts: hydrated posts and comments, and the post cache by (shape, id) and version;
 * - cache-updates.ts: what a write tells the post cache, so that its answer reads less;
 * - people.ts: the user summaries an answer shows, kept while their accounts' versions stay;
 * - viewer-marks.ts: the viewer's likes, dislikes, bookmarks and votes, one query, never cached;
 * - users.ts (beside it, not under it): the spec's user objects, hydrated through this façade;
 * - accounts.ts and statuses.ts: what the Mastodon API's accounts and statuses show besides;
 * - ../rules: the rules stage (blocks, mutes, filters, limits, suspensions), applied per viewer to what
 *   the page, pageOfIds and statuses answers hold, after the shared cache and before any view.
 */

export type { HydratedComment, HydratedPost, PostShape } from './posts.js';
export { mentionsNobody, newComment } from './posts.js';
export type { ViewerMarks } from './viewer-marks.js';
export type { AccountRecord } from './accounts.js';
export type { HydratedStatuses, StatusItem } from './statuses.js';
export type { ShownQuote, ShownQuotes } from './quotes.js';

export interface HydratedPage {
  posts: HydratedPost[];
  /** The quotes of the posts that quote another, as the viewer sees them (quotes.ts). */
  quotes: ShownQuotes;
  /** The posts the viewer may quote (quotes.ts `quotableBy`); undefined signed out. */
  quotable: ReadonlySet<string> | undefined;
  /**
   * The people the page shows (user summaries by id: people.ts), each with its account's version: what
   * a view renders from a post and its people stays right while these and the post's version stay.
   */
  users: Map<string, accounts.VersionedSummaryRow>;
  marks: ViewerMarks | undefined;
}

export class Hydrator {
  /** The hydrated posts by (shape, id) and version (the tests empty it and look into it). */
  readonly cache: PostCache;
  private readonly postHydrator: PostHydrator;
  private readonly peopleHydrator: PeopleHydrator;
  private readonly accountCache: AccountCache | undefined;
  private readonly rulesCache: RulesCache;
  /** The tags of the statuses the Mastodon API shows (tags.ts). */
  private readonly tagReader: TagReader;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly caps: AnswerCaps,
    private readonly cacheBytes: number,
    /** What keeping accounts and rules between answers needs (account-cache.ts, rules-cache.ts); none: never kept. */
    keptAccounts?: KeptBetweenAnswers,
    /** Where uploaded files are served (MEDIA_PUBLIC_URL). */
    mediaPublicUrl?: string,
  ) {
    this.postHydrator = new PostHydrator(db, dialect, caps, cacheBytes, mediaPublicUrl);
    this.cache = this.postHydrator.cache;
    this.peopleHydrator = new PeopleHydrator(db, dialect, cacheBytes > 0);
    this.accountCache =
      keptAccounts && cacheBytes > 0
        ? new AccountCache(db, dialect, keptAccounts.clock, keptAccounts.keptMs, keptAccounts.events)
        : undefined;
    this.rulesCache = new RulesCache(db, dialect, cacheBytes > 0 ? keptAccounts : undefined);
    this.tagReader = new TagReader(db, dialect);
  }

  /** What this viewer (undefined: signed out) does not see, now. */
  rules(viewerId: string | undefined): Promise<ViewerRules> {
    return this.rulesCache.of(viewerId);
  }

  /**
   * Called once at the start of every request, before any rule is used: the rules kept from before a
   * change that the database already holds are dropped (rules-cache.ts `catchUp`, docs/decisions/112).
   */
  catchUpRules(viewerId: string | undefined): Promise<void> {
    return this.rulesCache.catchUp(viewerId);
  }

  /** Forgets every post, person and account kept: they may show writes that were undone (a failed group commit). */
  forgetAll(): void {
    this.cache.clear();
    this.peopleHydrator.forget();
    this.accountCache?.forgetAll();
    this.rulesCache.forgetAll();
  }

  /**
   * Posts of a skeleton, in its order, each from the cache when its version is current. A skeleton
   * entry may be a whole record (a change's answer already holds it): it is then not read again.
   * Posts deleted since the skeleton was read are left out.
   */
  posts(refs: readonly (PostRef | posts.PostRecord)[], shape: PostShape): Promise<HydratedPost[]> {
    return this.postHydrator.posts(refs, shape);
  }

  /** Comments with their first voters (a comment change's answer, notifications). */
  comments(records: readonly comments.CommentRecord[]): Promise<HydratedComment[]> {
    return this.postHydrator.comments(records);
  }

  /** A page of a post's comments with their first voters. */
  commentPage(page: Parameters<typeof comments.commentPageWithVoters>[2]): Promise<HydratedComment[]> {
    return this.postHydrator.commentPage(page);
  }

  /**
   * The summaries of everyone the posts and comments show, the viewer's own among them (the views list
   * the viewer's own like, dislike and votes past the caps: views/sync/own-entries.ts).
   */
  async people(
    hydrated: Shown,
    viewerId: string | undefined,
  ): Promise<Map<string, accounts.VersionedSummaryRow>> {
    return this.peopleByIds(peopleShown(hydrated, viewerId));
  }

  /**
   * Summaries of these users (anyone deleted is left out), each with its account's version; `versions`
   * when the answer read them with who to show (a list of followers), so kept summaries serve.
   */
  async peopleByIds(
    ids: readonly string[],
    versions?: AccountVersions,
  ): Promise<Map<string, accounts.VersionedSummaryRow>> {
    return this.peopleHydrator.byIds(ids, versions);
  }

  /** The viewer's likes, dislikes, bookmarks and comment votes on what the answer shows, in one query. */
  async marks(viewerId: string | undefined, hydrated: Shown): Promise<ViewerMarks | undefined> {
    if (!viewerId) return undefined;
    return (await this.marksOfViewers([viewerId], hydrated)).get(viewerId) ?? noMarks();
  }

  /** The same for several viewers at once (a live event shown to everyone connected), still one query. */
  marksOfViewers(viewerIds: readonly string[], hydrated: Shown): Promise<Map<string, ViewerMarks>> {
    return marksOfViewers(this.db, viewerIds, hydrated);
  }

  /**
   * Skeleton to everything a view needs: posts, the people they show and the viewer's marks, with the
   * viewer's rules for where the posts are read (`context`; 'post': one post asked for by id, or a
   * change's answer). `comments` are shown beside the posts (a comment change answers its post and the
   * comment); `alsoShown`: more people the page shows (a timeline's reposters), read with the others.
   */
  async page(
    refs: readonly (PostRef | posts.PostRecord)[],
    shape: PostShape,
    viewerId: string | undefined,
    context: ReadContext,
    comments: readonly HydratedComment[] = [],
    alsoShown: readonly string[] = [],
  ): Promise<HydratedPage> {
    const hydrated = await this.posts(refs, shape);
    // Nothing to show needs no rules (a search that found nothing reads nothing more).
    if (hydrated.length === 0)
      return {
        posts: hydrated,
        quotes: noQuotes,
        quotable: undefined,
        ...(await this.peopleAndMarks({ posts: hydrated, comments }, viewerId)),
      };
    const rules = await this.rules(viewerId);
    const shown = visiblePosts(rules, hydrated, context);
    const [{ quotes, quotedAuthorIds }, quotable] = await Promise.all([
      this.quotesOf(shown, rules),
      quotableBy(this.db, this.dialect, rules, shown),
    ]);
    return {
      posts: shown,
      quotes,
      quotable,
      ...(await this.peopleAndMarks({ posts: shown, comments }, viewerId, [
        ...quotedAuthorIds,
        ...alsoShown,
      ])),
    };
  }

  /**
   * The quotes of these posts as the viewer sees them (docs/decisions/092), and the authors of the
   * quoted posts shown, whom the answer shows besides. The quoted posts come from the post cache in
   * the preview shape, their records read in one query with the page (none when nothing quotes).
   */
  async quotesOf(
    shown: readonly HydratedPost[],
    rules: ViewerRules,
  ): Promise<{ quotes: ShownQuotes; quotedAuthorIds: string[] }> {
    if (!shown.some((post) => post.record.quote_state !== null))
      return { quotes: noQuotes, quotedAuthorIds: [] };
    const ids = quotedIdsOf(shown);
    const quoted = ids.length === 0 ? [] : await this.posts(await this.recordsOf(ids), 'preview');
    const quotes = shownQuotes(rules, shown, new Map(quoted.map((post) => [post.record.id, post])));
    return { quotes, quotedAuthorIds: acceptedQuotes(quotes).map((post) => post.record.author_id) };
  }

  /**
   * The people and the viewer's marks of what an answer shows (and the people of `extra`, whom it shows
   * besides). Signed in, the marks and the versions of the people (which say which kept summaries are
   * current) come in one query; signed out, the people are read (as cheap as their versions).
   */
  async peopleAndMarks(
    shown: Required<Shown>,
    viewerId: string | undefined,
    extra: readonly string[] = [],
  ): Promise<Omit<HydratedPage, 'posts' | 'quotes' | 'quotable'>> {
    // An empty page (a post nobody commented on) shows nobody and nothing to mark: no query.
    if (shown.posts.length === 0 && shown.comments.length === 0 && extra.length === 0)
      return { users: new Map(), marks: viewerId ? noMarks() : undefined };
    const ids = peopleShown(shown, viewerId, extra);
    if (viewerId && this.cacheBytes > 0) {
      const { marks, versions } = await marksAndAccountVersions(this.db, this.dialect, viewerId, shown, ids);
      return { users: await this.peopleHydrator.byIds(ids, versions), marks };
    }
    const [users, marks] = await Promise.all([this.peopleHydrator.byIds(ids), this.marks(viewerId, shown)]);
    return { users, marks };
  }

  /** See cache-updates.ts: the viewer's own like or dislike brings the cached post forward. */
  noteOwnReaction(record: posts.PostRecord, viewerId: string, kind: ReactionKind, steps: number): void {
    noteOwnReaction(this.cache, this.caps, record, viewerId, kind, steps);
  }

  /** See cache-updates.ts: a post just written is cached with empty lists. */
  noteNewPost(record: posts.PostRecord): void {
    noteNewPost(this.cache, record);
  }

  /** See cache-updates.ts: an edit of the post's text brings the cached post forward. */
  noteEditedPost(record: posts.PostRecord): void {
    noteEditedPost(this.cache, record);
  }

  /** See cache-updates.ts: an added comment brings the cached post forward. */
  noteNewComment(record: posts.PostRecord, comment: comments.CommentRecord): void {
    noteNewComment(this.cache, this.caps, record, comment);
  }

  /**
   * The same as `page` for a skeleton that comes from another table (bookmarks): the posts' records are
   * read first, in one query, for their versions, and kept for hydration.
   */
  async pageOfIds(
    ids: readonly string[],
    shape: PostShape,
    viewerId: string | undefined,
    context: ReadContext,
  ) {
    return this.page(await this.recordsOf(ids), shape, viewerId, context);
  }

  /**
   * The ids of the posts among these that the viewer sees where they are read (the rules stage alone):
   * what a page keeps of a skeleton before it refills itself. A viewer no rule applies to costs nothing.
   */
  async shownOf(
    refs: readonly (PostRef | posts.PostRecord)[],
    viewerId: string | undefined,
    context: ReadContext,
  ): Promise<Set<string>> {
    const rules = await this.rules(viewerId);
    if (rules.hidesNothing) return new Set(refs.map((ref) => ref.id));
    const hydrated = await this.posts(refs, 'preview');
    return new Set(hydrated.flatMap(({ record }) => (seesPost(rules, record, context) ? [record.id] : [])));
  }

  /** The records of these posts, in this order (those deleted left out): a skeleton's entries. */
  async recordsOf(ids: readonly string[]): Promise<posts.PostRecord[]> {
    const records = new Map(
      (await posts.postsByIds(this.db, this.dialect, ids)).map((record) => [record.id, record]),
    );
    return ids.flatMap((id) => records.get(id) ?? []);
  }

  /**
   * Statuses (posts and comments) for the Mastodon API: posts from the post cache in the preview shape
   * (what the web client's feed reads too), the comments' first voters, then the accounts they show
   * and the viewer's marks. `accountIds`: more accounts the answer shows (a notification's actors).
   */
  async statuses(
    items: readonly StatusRef[],
    viewerId: string | undefined,
    context: ReadContext,
    accountIds: readonly string[] = [],
  ): Promise<HydratedStatuses> {
    const postRefs = items.flatMap((item) => (item.kind === 'post' ? [item.ref] : []));
    const commentRecords = items.flatMap((item) => (item.kind === 'comment' ? [item.comment] : []));
    const [hydratedPosts, hydratedComments] = await Promise.all([
      this.posts(postRefs, 'preview'),
      this.comments(commentRecords),
    ]);
    const postsById = new Map(hydratedPosts.map((post) => [post.record.id, post]));
    const commentsById = new Map(hydratedComments.map((comment) => [comment.record.id, comment]));
    const hydrated = items.flatMap((item): StatusItem[] => {
      if (item.kind === 'post') {
        const post = postsById.get(item.ref.id);
        return post ? [{ kind: 'post', post }] : [];
      }
      const comment = commentsById.get(item.comment.id);
      return comment ? [{ kind: 'comment', comment, post: item.post }] : [];
    });
    return this.statusesOf(hydrated, viewerId, context, accountIds);
  }

  /**
   * The same for posts and comments hydrated already (a thread: the comments of the post's whole page,
   * from the post cache): what the statuses show besides, and the viewer's marks.
   */
  async statusesOf(
    items: StatusItem[],
    viewerId: string | undefined,
    context: ReadContext,
    accountIds: readonly string[] = [],
  ): Promise<HydratedStatuses> {
    const rules = items.length === 0 ? undefined : await this.rules(viewerId);
    const shown = rules ? visibleStatuses(rules, items, context) : items;
    const posts = shown.flatMap((item) => (item.kind === 'post' ? [item.post] : []));
    const { quotes } = rules ? await this.quotesOf(posts, rules) : { quotes: noQuotes };
    // A quoted status is a status of the answer's too: its account, its mentions and tags, the viewer's marks.
    const quoted = acceptedQuotes(quotes);
    const [{ marks, accounts }, quotable, tags] = await Promise.all([
      this.marksAndAccounts(
        viewerId,
        {
          posts: [...posts, ...quoted],
          comments: shown.flatMap((item) => (item.kind === 'comment' ? [item.comment] : [])),
        },
        accountsOfStatuses(shown, quotes, accountIds),
      ),
      rules ? quotableBy(this.db, this.dialect, rules, [...posts, ...quoted]) : undefined,
      this.tagReader.of(
        [...shown, ...quoted.map((post): StatusItem => ({ kind: 'post', post }))].map(taggedTextOf),
      ),
    ]);
    return statusesContext(
      this.db,
      this.dialect,
      accounts,
      shown,
      { marks, tags },
      accountIds,
      quotes,
      quotable,
    );
  }

  /**
   * The viewer's marks, and where the statuses' accounts come from: kept ones at the versions of
   * `accountIds` read in the marks' query (as a page's people are); signed out, the kept ones' versions
   * are read when the accounts are.
   */
  private async marksAndAccounts(
    viewerId: string | undefined,
    shown: Required<Shown>,
    accountIds: readonly string[],
  ): Promise<{ marks: ViewerMarks | undefined; accounts: AccountSource }> {
    if (!this.accountCache)
      return { marks: await this.marks(viewerId, shown), accounts: freshAccounts(this.db, this.dialect) };
    if (!viewerId) return { marks: undefined, accounts: this.accountCache.at(undefined) };
    const { marks, versions } = await marksAndAccountVersions(this.db, this.dialect, viewerId, shown, [
      ...new Set(accountIds),
    ]);
    return { marks, accounts: this.accountCache.at(versions) };
  }

  /** Accounts (whole profiles with their statuses counts) by id. */
  accounts(ids: readonly string[]): Promise<Map<string, AccountRecord>> {
    return accountsByIds(this.db, this.dialect, ids);
  }
}

/** A status to hydrate: a post (by its skeleton's reference or record) or a comment with its post. */
export type StatusRef =
  | { kind: 'post'; ref: PostRef | posts.PostRecord }
  | { kind: 'comment'; comment: comments.CommentRecord; post: posts.PostRecord };
