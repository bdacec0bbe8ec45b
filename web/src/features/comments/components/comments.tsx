import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { flattenComments, useComments } from '../api/comments';
import { CommentCard } from './comment-card';
import { CommentForm } from './comment-form';

export function Comments({ postId, postAuthor }: { postId: string; postAuthor: string }) {
  const query = useComments(postId);
  const comments = flattenComments(query.data);

  return (
    <section aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="sr-only">
        Comments
      </h2>
      <CommentForm postId={postId} />
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
          renderItem={(comment) => <CommentCard comment={comment} postId={postId} postAuthor={postAuthor} />}
          paging={query}
        />
      )}
    </section>
  );
}
