import {
  type DetachQuoteReply,
  type EditHistoryReply,
  type PostsPageReply,
  type FullPost,
  type PostListQuery,
  type ProfileFilter,
  type PostsReply,
  type PreviewPost,
  type UserSummariesReply,
} from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import type { ReactionKind } from '../../data/schema.js';
import { Messages, badRequest, notFound } from '../../platform/http/errors.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import { changePost, react, removePost, writePost } from '../shared/post-writes.js';
import { unquote } from '../shared/quotes.js';
import type { QuotePolicy } from '../../data/schema.js';
import * as users from '../../data/users.repo.js';
import { asJsonText, type JsonText } from '../../read/views/json-text.js';
import { versionsOf } from '../shared/edit-history.js';
import { fullPostViews, previewPostsPage } from '../../read/views/sync/posts.js';
import { listedPeople } from './listed-people.js';
import * as posts from '../../data/posts.repo.js';
import * as skeletons from '../../data/post-skeletons.repo.js';
import { everyPost, postPreview, requireVisiblePost } from './post-answers.js';
import { requirePost } from '../shared/post-answers.js';
import { visiblePeopleRows, visiblePostRows } from '../shared/visible-rows.js';
import { itemsPageAnswer } from './repost-items.js';
import { profileItems } from '../shared/repost-items.js';

/** One function per endpoint of /api/posts: validate, one transaction for a change, then the answer. */

type ChangeAnswer = { posts: FullPost[] } | { post: PreviewPost };

/** Post changes answer every post (the contract) or, with ?return=post|minimal, just the changed one. */
async function changeAnswer(
  deps: Deps,
  record: posts.PostRecord,
  viewerId: string,
  changedOnly: boolean,
): Promise<ChangeAnswer> {
  return changedOnly
    ? { post: (await postPreview(deps, record, viewerId)).post }
    : { posts: await everyPost(deps, { viewerId }) };
}

/** `GET /posts` and `GET /posts/user/:username`: a page (newest or trending), or the capped whole list. */
export async function listPosts(
  deps: Deps,
  input: {
    query: PostListQuery;
    viewerId: string | undefined;
    authorUsername?: string;
    /** A profile's posts (the default), its reposts, or both (docs/decisions/092). */
    filter?: ProfileFilter | undefined;
  },
): Promise<JsonText<PostsReply>> {
  const { query, viewerId } = input;
  let authorId: string | undefined;
  if (input.authorUsername !== undefined) {
    const author = await users.findUserByUsername(deps.db, input.authorUsername);
    if (!author) throw notFound(Messages.userNotFound(input.authorUsername));
    authorId = author.id;
  }
  const scope = authorId ?? '*';
  const listContext = authorId === undefined ? 'public' : 'account';
  if (authorId !== undefined && input.filter !== undefined && input.filter !== 'posts') {
    if (query.sort === 'trending')
      throw badRequest(
        "A profile's reposts are listed newest first only: leave out sort=trending, or ask for filter=posts.",
      );
    return itemsPageAnswer(deps, {
      list: profileItems(deps, { authorId, viewerId, withPosts: input.filter === 'all' }),
      scope: `profile:${input.filter}:${authorId}`,
      query,
      viewerId,
      context: listContext,
    });
  }
  if (query.sort === 'trending') {
    const kind = { ...skeletons.trendingPosts, scope: `${skeletons.trendingPosts.scope}:${scope}` };
    const request = deps.cursors.pageRequest(kind, query);
    if (!request) return asJsonText({ posts: await trendingInFull(deps, viewerId, authorId) });
    const { items, nextCursor } = await deps.cursors.page(
      kind,
      request,
      (after, limit) => skeletons.trendingPostRefs(deps.db, { authorId, after, limit }),
      (row) => [row.like_count, row.created_at, row.id],
      visiblePostRows(deps, viewerId, listContext),
    );
    return previewPostsPage(
      await deps.hydrator.page(items, 'preview', viewerId, listContext),
      viewerId,
      nextCursor,
    );
  }
  const kind = { ...skeletons.newestPosts, scope: `${skeletons.newestPosts.scope}:${scope}` };
  const request = deps.cursors.pageRequest(kind, query);
  if (!request) {
    // The spec's unpaginated list is in creation order; ?sort=newest asks for newest first.
    const list = await everyPost(deps, { viewerId, authorId });
    return asJsonText({ posts: query.sort === 'newest' ? list.reverse() : list });
  }
  const { items, nextCursor } = await deps.cursors.page(
    kind,
    request,
    (after, limit) => skeletons.newestPostRefs(deps.db, { authorId, after, limit }),
    (row) => [row.created_at, row.id],
    visiblePostRows(deps, viewerId, listContext),
  );
  return previewPostsPage(
    await deps.hydrator.page(items, 'preview', viewerId, listContext),
    viewerId,
    nextCursor,
  );
}

async function trendingInFull(deps: Deps, viewerId: string | undefined, authorId: string | undefined) {
  const refs = await skeletons.trendingPostRefs(deps.db, {
    authorId,
    after: undefined,
    limit: deps.caps.posts,
  });
  return fullPostViews(
    await deps.hydrator.page(refs, 'listed', viewerId, authorId === undefined ? 'public' : 'account'),
    viewerId,
    {
      withViewerState: false,
    },
  );
}

/** `GET /posts/:postId`: the whole post (lists up to the caps) and, signed in, the viewer's state. */
export async function getPost(deps: Deps, input: { postId: string; viewerId: string | undefined }) {
  const record = await requirePost(deps, input.postId);
  const page = await deps.hydrator.page([record], 'full', input.viewerId, 'post');
  const [post] = fullPostViews(page, input.viewerId, { withViewerState: true });
  if (!post) throw notFound(Messages.postNotFound(input.postId));
  return { post };
}

/** `GET /posts/:postId/likes|dislikes`: who reacted, earliest first, a page at a time. */
export async function listReactors(
  deps: Deps,
  input: { postId: string; kind: ReactionKind; query: PageQuery; viewerId: string | undefined },
): Promise<UserSummariesReply> {
  const post = await requireVisiblePost(deps, input.postId, input.viewerId);
  const kind = { ...posts.reactors, scope: `${input.kind}s:${post.id}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => posts.reactorPage(deps.db, post.id, input.kind, after, limit),
    (row) => [row.created_at, row.user_id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.user_id),
  );
  const ids = items.map((row) => row.user_id);
  return { users: await listedPeople(deps, ids, input.viewerId), nextCursor };
}

/** `GET /posts/:postId/quotes`: the posts that quote it and show it, newest first, a page at a time. */
export async function listQuotes(
  deps: Deps,
  input: { postId: string; query: PageQuery; viewerId: string | undefined },
): Promise<JsonText<PostsPageReply>> {
  const post = await requireVisiblePost(deps, input.postId, input.viewerId);
  const kind = { ...skeletons.newestPosts, scope: `quotes:${post.id}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) =>
      skeletons.quotingPostRefs(deps.db, post.id, { olderThan: after, oldestFirst: false, limit }),
    (row) => [row.created_at, row.id],
    visiblePostRows(deps, input.viewerId, 'public'),
  );
  return previewPostsPage(
    await deps.hydrator.page(items, 'preview', input.viewerId, 'public'),
    input.viewerId,
    nextCursor,
  );
}

/** `POST /posts/:postId/quotes/:quotingPostId/detach`: the quoted author takes their post out of a quote. */
export async function detachQuote(
  deps: Deps,
  input: { viewerId: string; postId: string; quotingPostId: string },
): Promise<DetachQuoteReply> {
  await unquote(deps, input);
  return { detached: true };
}

/** `POST /posts` */
export async function createPost(
  deps: Deps,
  input: {
    viewerId: string;
    content: string;
    mediaIds?: readonly string[] | undefined;
    sensitive?: boolean | undefined;
    quoteId?: string | undefined;
    quotePolicy?: QuotePolicy | undefined;
    changedOnly: boolean;
  },
): Promise<ChangeAnswer> {
  const record = await writePost(deps, input);
  return changeAnswer(deps, record, input.viewerId, input.changedOnly);
}

/** `POST /posts/edit/:postId` */
export async function editPost(
  deps: Deps,
  input: {
    viewerId: string;
    postId: string;
    content: string;
    sensitive?: boolean | undefined;
    quotePolicy?: QuotePolicy | undefined;
    /** The images from now on, in order; left out, the same. */
    mediaIds?: readonly string[] | undefined;
    changedOnly: boolean;
  },
): Promise<ChangeAnswer> {
  const { record } = await changePost(deps, input);
  return changeAnswer(deps, record, input.viewerId, input.changedOnly);
}

/** `GET /posts/:postId/history`: every version of the post, oldest first; as visible as the post. */
export async function postHistory(
  deps: Deps,
  input: { postId: string; viewerId: string | undefined },
): Promise<EditHistoryReply> {
  const post = await requireVisiblePost(deps, input.postId, input.viewerId);
  return { versions: await versionsOf(deps, { post }) };
}

/** `DELETE /posts/:postId` */
export async function deletePost(
  deps: Deps,
  input: { viewerId: string; postId: string; changedOnly: boolean },
): Promise<{ posts: FullPost[] } | { deleted: string }> {
  const post = await removePost(deps, input);
  return input.changedOnly
    ? { deleted: post.id }
    : { posts: await everyPost(deps, { viewerId: input.viewerId }) };
}

/**
 * `POST /posts/like/:postId` and `/dislike/:postId`, in one transaction that takes the post first.
 * A like: the post's row (counts, version, and the record for the answer), the reaction and the
 * author's notification (two statements). A dislike is refused in the spec's order: nobody likes the post, then already disliked.
 */
export async function reactToPost(
  deps: Deps,
  input: { viewerId: string; postId: string; kind: ReactionKind; changedOnly: boolean },
): Promise<ChangeAnswer> {
  const record = await react(deps, input);
  return changeAnswer(deps, record, input.viewerId, input.changedOnly);
}
