import { Limits } from '@sync/contract';
import type { FormEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { composerInputClass } from '../../../components/ui/field';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { isWithinLimit, MessageField } from '../../../components/ui/message-field';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { draftKeys, useDraft } from '../../../lib/drafts';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { flattenComments, useCommentAction, useComments } from '../api/comments';
import { CommentCard, commentBoxId } from './comment-card';

function CommentForm({ postId }: { postId: string }) {
  const me = useMe();
  const draft = useDraft(draftKeys.comment(postId));
  const add = useCommentAction(postId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isWithinLimit(draft.text, Limits.commentText) || add.isPending) return;
    add.mutate(
      { kind: 'add', text: draft.text },
      { onSuccess: () => draft.discard(), onError: (error) => toastError('Error', error.message) },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-start gap-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800"
    >
      <Avatar user={me} size="sm" />
      <MessageField
        id={commentBoxId(postId)}
        label="Comment"
        placeholder="Post your comment here..."
        required
        rows={1}
        limit={Limits.commentText}
        value={draft.text}
        onValueChange={draft.setText}
        className={`${composerInputClass} min-h-10 text-sm`}
      />
      <Button type="submit" pending={add.isPending}>
        Post
      </Button>
    </form>
  );
}

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
