import type { Comment } from '@sync/contract';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { flattenComments, useComments } from '../api/comments';
import { CommentCard } from './comment-card';
import { CommentForm } from './comment-form';

/**
 * Pages on until the comment the address names is among the loaded ones (comments come oldest first,
 * so a late one may be pages in): whether it is, or, every page loaded, that it is not there (deleted,
 * or hidden from this viewer).
 */
function useShownComment(
  shownCommentId: string | undefined,
  comments: Comment[],
  paging: ReturnType<typeof useComments>,
) {
  const found = shownCommentId !== undefined && comments.some((comment) => comment._id === shownCommentId);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging;
  const seeking = shownCommentId !== undefined && !found && hasNextPage;
  useEffect(() => {
    if (seeking && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [seeking, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return { found, missing: shownCommentId !== undefined && !found && paging.isSuccess && !hasNextPage };
}

export function Comments({
  postId,
  postAuthor,
  shownCommentId,
}: {
  postId: string;
  postAuthor: string;
  /** The comment the address names: marked, and scrolled to once it is loaded. */
  shownCommentId?: string | undefined;
}) {
  const query = useComments(postId);
  const comments = flattenComments(query.data);
  const shown = useShownComment(shownCommentId, comments, query);
  // Scrolled to once: after that the scrolling (and the pages it loads, the rows it redraws) is the reader's.
  const [reachedId, setReachedId] = useState<string>();
  const reach = useMemo(
    () =>
      shownCommentId && shown.found && reachedId !== shownCommentId
        ? { key: shownCommentId, onReached: () => setReachedId(shownCommentId) }
        : undefined,
    [shownCommentId, shown.found, reachedId],
  );

  return (
    <section aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="sr-only">
        Comments
      </h2>
      <CommentForm postId={postId} />
      {shown.missing && (
        <p
          role="status"
          className="border-b border-zinc-200 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
        >
          The comment this address names seems to be deleted
        </p>
      )}
      {query.isPending ? (
        <ListSkeleton count={2} label="Loading comments" />
      ) : query.isError && !query.data ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : comments.length === 0 ? (
        <EmptyState>No comments yet</EmptyState>
      ) : (
        <InfiniteList
          label="Comments"
          items={comments}
          getKey={(comment) => comment._id}
          renderItem={(comment) => (
            <CommentCard
              comment={comment}
              postId={postId}
              postAuthor={postAuthor}
              shown={comment._id === shownCommentId}
            />
          )}
          reach={reach}
          paging={query}
        />
      )}
    </section>
  );
}
