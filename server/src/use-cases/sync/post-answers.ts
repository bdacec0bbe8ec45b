import type { FullPost, PreviewPost } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import type { HydratedComment, HydratedPage } from '../../read/hydration/hydrator.js';
import * as posts from '../../data/posts.repo.js';
import * as skeletons from '../../data/post-skeletons.repo.js';
import { fullPostViews, previewPostViews } from '../../read/views/sync/posts.js';
import { NotFound } from '../shared/domain-errors.js';
import { requirePost } from '../shared/post-answers.js';

/** The answers about posts that several features give (a comment's change answers with its post). */

/**
 * The spec's "every post" (the unpaginated list and every change's default answer), capped at the
 * newest `caps.posts`, in creation order. Signed in, the viewer's own likes are always listed; the
 * `viewer` field is only on lists that always had it.
 */
export async function everyPost(
  deps: Deps,
  options: { viewerId: string | undefined; authorId?: string | undefined },
): Promise<FullPost[]> {
  const refs = await skeletons.newestPostRefs(deps.db, {
    authorId: options.authorId,
    after: undefined,
    limit: deps.caps.posts,
  });
  const context = options.authorId === undefined ? 'public' : 'account';
  const page = await deps.hydrator.page(refs.reverse(), 'listed', options.viewerId, context);
  return fullPostViews(page, options.viewerId, { withViewerState: false });
}

/**
 * One post as a page shows it, from its record (a change already holds it), with the page it was
 * hydrated in: `comments` shown beside it (a comment change's) share its people and the viewer's marks.
 */
export async function postPreview(
  deps: Deps,
  record: posts.PostRecord,
  viewerId: string | undefined,
  comments: readonly HydratedComment[] = [],
): Promise<{ post: PreviewPost; page: HydratedPage }> {
  const page = await deps.hydrator.page([record], 'preview', viewerId, 'post', comments);
  const [post] = previewPostViews(page, viewerId);
  if (!post) throw new NotFound({ thing: 'post', id: record.id });
  return { post, page };
}

/**
 * A post the viewer may open, for the lists about it (its likers, reposters, quotes, history): one
 * they cannot (a block with its author, a suspension) is NotFound, as the post itself is.
 */
export async function requireVisiblePost(
  deps: Deps,
  id: string,
  viewerId: string | undefined,
): Promise<posts.PostRecord> {
  const post = await requirePost(deps, id);
  if (!(await deps.hydrator.rules(viewerId)).seesAccount(post.author_id))
    throw new NotFound({ thing: 'post', id });
  return post;
}
