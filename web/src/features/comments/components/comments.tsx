import { useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { composerInputClass } from '../../../components/ui/field';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { flattenComments, useCommentAction, useComments } from '../api/comments';
import { CommentCard } from './comment-card';

function CommentForm({ postId }: { postId: string }) {
  const me = useMe();
  const [text, setText] = useState('');
  const add = useCommentAction(postId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || add.isPending) return;
    add.mutate(
      { kind: 'add', text },
      { onSuccess: () => setText(''), onError: (error) => toastError('Error', error.message) },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-start gap-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800"
    >
      <Avatar user={me} size="sm" />
      <textarea
        aria-label="Comment"
        placeholder="Post your comment here..."
        required
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={`${composerInputClass} min-h-10 flex-1 text-sm`}
      />
      <Button type="submit" disabled={add.isPending}>
        Post
      </Button>
    </form>
  );
}

export function Comments({ postId, postAuthor }: { postId: string; postAuthor: string }) {
  const query = useComments(postId);
  const comments = flattenComments(query.data);

  return (
    <section aria-label="Comments">
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
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={query.fetchNextPage}
        />
      )}
    </section>
  );
}
