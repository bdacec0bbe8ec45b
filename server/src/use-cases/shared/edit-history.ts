import type { EditVersion } from '@sync/contract';
import type { Deps } from './deps.js';
import * as history from '../../data/edit-history.repo.js';
import * as media from '../../data/media.repo.js';
import type { CommentRecord } from '../../data/comments.repo.js';
import type { PostRecord } from '../../data/posts.repo.js';
import { newId } from '../../platform/db/ids.js';

/**
 * Edit history (docs/decisions/091): an edit keeps the version it replaces, in its own transaction,
 * before it changes anything; a history is the kept versions and the one shown now.
 */

/** What a version showed besides its text: whether sensitive, and its images with their alt text. */
async function imagesOf(
  deps: Deps,
  db: Deps['db'],
  item: { post: PostRecord; comment?: CommentRecord | undefined },
): Promise<history.VersionImage[]> {
  const { post, comment } = item;
  const rows = comment
    ? comment.media_count > 0
      ? await media.mediaOfComments(db, deps.dialect, [comment.id])
      : []
    : post.media_count > 0
      ? await media.mediaOfPosts(db, deps.dialect, [post.id])
      : [];
  return rows.map((row) => ({ id: row.id, description: row.description }));
}

/** Keeps the version of a post (or of one of its comments) that an edit at `at` is about to replace. */
export async function keepReplacedVersion(
  deps: Deps,
  trx: Deps['db'],
  item: { post: PostRecord; comment?: CommentRecord | undefined; at: string },
): Promise<void> {
  const { post, comment } = item;
  await history.recordReplacedVersion(trx, {
    id: newId(new Date(item.at)),
    post_id: post.id,
    comment_id: comment?.id ?? null,
    text: comment ? comment.text : post.content,
    sensitive: comment ? 0 : post.sensitive,
    media: await imagesOf(deps, trx, item),
    written_at: (comment ?? post).updated_at,
    replaced_at: item.at,
  });
}

/** Every version of a post or comment, oldest first, the one shown now last. */
export async function versionsOf(
  deps: Deps,
  item: { post: PostRecord; comment?: CommentRecord | undefined },
): Promise<EditVersion[]> {
  const replaced = await history.replacedVersions(deps.db, {
    postId: item.post.id,
    commentId: item.comment?.id ?? null,
  });
  const current = item.comment ?? item.post;
  return [
    ...replaced.map((version) => ({
      text: version.text,
      sensitive: version.sensitive === 1,
      media: version.media,
      writtenAt: version.written_at,
      replacedAt: version.replaced_at,
    })),
    {
      text: item.comment ? item.comment.text : item.post.content,
      sensitive: !item.comment && item.post.sensitive === 1,
      media: await imagesOf(deps, deps.db, item),
      writtenAt: current.updated_at,
      replacedAt: null,
    },
  ];
}
