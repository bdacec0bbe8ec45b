import type { Deps } from './deps.js';
import { commit } from './commit.js';
import { NotFound } from './domain-errors.js';
import { onPost, refuseAcrossBlock } from './blocks-between.js';
import * as bookmarks from '../../data/bookmarks.repo.js';
import * as posts from '../../data/posts.repo.js';

/**
 * Bookmarks a post: false when it was bookmarked already. A post that is gone is NotFound; a bookmark
 * across a block with the post's author is refused.
 */
export function addBookmark(deps: Deps, viewerId: string, postId: string): Promise<boolean> {
  return commit(deps, async (trx) => {
    // The post is taken (not changed: a bookmark is not something a post shows) so that a bookmark
    // racing the post's deletion finds it gone rather than failing on its foreign key.
    const post = (await posts.lockPost(trx, postId)) ? await posts.findPost(trx, postId) : undefined;
    if (!post) throw new NotFound({ thing: 'post', id: postId });
    await refuseAcrossBlock(trx, {
      actorId: viewerId,
      otherIds: [post.author_id],
      act: onPost(post.id),
    });
    const at = deps.clock.now().toISOString();
    return bookmarks.insertBookmark(trx, viewerId, postId, at);
  });
}
