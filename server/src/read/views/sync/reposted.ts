import type { PostsPageReply, PostsReply, RepostedBy } from '@sync/contract';
import type { HydratedPage } from '../../hydration/hydrator.js';
import type { SummaryRow } from '../../../data/accounts.repo.js';
import { JsonText } from '../json-text.js';
import { previewPostText } from './posts.js';
import { userSummary } from './summaries.js';

/** A repost an item of a list is (docs/decisions/092): its id, who made it, when. */
export interface RepostShown {
  repostId: string;
  by: SummaryRow;
  at: string;
}

/**
 * A page of a list that merges posts with reposts (the Following timeline, a profile's reposts): each
 * post as any page shows it, and an item that is a repost with `reposted` besides. The post's text is
 * the one every list shares; `reposted` is spliced in per answer, as `viewer` is.
 */
export function itemsPage(
  page: HydratedPage,
  viewerId: string | undefined,
  reposted: ReadonlyMap<string, RepostShown>,
  nextCursor: string | null,
): JsonText<PostsPageReply & PostsReply> {
  const posts = page.posts.flatMap((post) => {
    const text = previewPostText(post, page, viewerId);
    if (text === undefined) return [];
    const repost = reposted.get(post.record.id);
    if (!repost) return [text];
    const field: RepostedBy = { repostId: repost.repostId, by: userSummary(repost.by), at: repost.at };
    return [`${text.slice(0, -1)},"reposted":${JSON.stringify(field)}}`];
  });
  return new JsonText(`{"posts":[${posts.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`);
}
