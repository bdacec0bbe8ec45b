import { Limits, type Comment } from '@sync/contract';
import { ArrowBigDown, ArrowBigUp, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LazyMediaGallery } from '../../../components/media/lazy-media-gallery';
import { Avatar } from '../../../components/ui/avatar';
import { Byline } from '../../../components/ui/byline';
import { Button, pendingProps } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FilteredContent } from '../../../components/ui/filtered-content';
import { inputClass } from '../../../components/ui/field';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { commentPath } from '../../../entities/posts';
import { isWithinLimit, MessageField } from '../../../components/ui/message-field';
import { draftKeys, useDraft } from '../../../lib/drafts';
import { useFocusAfterRemoval } from '../../../lib/focus-after-removal';
import { focusIdWhenShown } from '../../../lib/focus-when-shown';
import { Age } from '../../../components/ui/age';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useCommentAction, type VoteKind } from '../api/comments';
import { CommentEditedMarker } from './edited-marker';

const control =
  'inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm transition-colors focus-ring hover:bg-zinc-100 aria-disabled:opacity-60 dark:hover:bg-zinc-800';

/** Where focus goes after a comment is deleted: the box to write the next one. */
export const commentBoxId = (postId: string) => `comment-box-${postId}`;

type Props = {
  comment: Comment;
  postId: string;
  postAuthor: string;
  /** The comment its page's address names: marked, in words and colour (the list scrolls to it). */
  shown?: boolean;
};

function EditCommentForm({
  comment,
  postId,
  onDone,
}: {
  comment: Comment;
  postId: string;
  onDone: () => void;
}) {
  const draft = useDraft(draftKeys.editComment(comment._id), comment.text);
  const action = useCommentAction(postId);
  const field = useRef<HTMLTextAreaElement>(null);

  // Edit opens to change this text: focus goes straight into it, at its end.
  useEffect(() => {
    const box = field.current;
    box?.focus();
    box?.setSelectionRange(box.value.length, box.value.length);
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!isWithinLimit(draft.text, Limits.commentText) || action.isPending) return;
    action.mutate(
      { kind: 'edit', commentId: comment._id, text: draft.text },
      {
        onSuccess: () => {
          draft.discard();
          onDone();
        },
        onError: (error) => toastError('Error', error.message),
      },
    );
  };

  return (
    <form onSubmit={save} className="mt-2 flex flex-col gap-2">
      <MessageField
        ref={field}
        label="Edit comment"
        required
        limit={Limits.commentText}
        value={draft.text}
        onValueChange={draft.setText}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        className={`${inputClass} min-h-20`}
      />
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            draft.discard(comment.text);
            onDone();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" size="sm" pending={action.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

export function CommentCard({ comment, postId, postAuthor, shown = false }: Props) {
  const me = useMe();
  const action = useCommentAction(postId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const afterRemoval = useFocusAfterRemoval();
  const name = `${comment.firstName} ${comment.lastName}`;
  const mine = comment.username === me.username;
  const upvoted = comment.votes.upvotedBy.some((u) => u.username === me.username);
  const downvoted = comment.votes.downvotedBy.some((u) => u.username === me.username);
  const onError = (error: Error) => toastError('Error', error.message);
  const editButtonId = `edit-comment-${comment._id}`;

  // Pressing the vote you gave takes it back; the other vote replaces it.
  const vote = (kind: VoteKind, given: boolean) => {
    if (action.isPending) return;
    action.mutate({ kind: given ? 'unvote' : kind, commentId: comment._id }, { onError });
  };

  const closeEditor = () => {
    setEditing(false);
    // Back to the button that opened the editor, once it is shown again.
    focusIdWhenShown(editButtonId);
  };

  return (
    <article
      aria-label={`Comment by ${name}`}
      aria-current={shown ? 'location' : undefined}
      className={`flex gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800 ${shown ? 'bg-sky-50 dark:bg-sky-950/40' : ''}`}
    >
      {/* The name link below goes to the same profile; the picture is for the eye only. */}
      <Link
        to={`/profile/${comment.username}`}
        className="h-fit rounded-full"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Avatar user={comment} size="sm" />
      </Link>
      <div className="min-w-0 flex-1">
        {shown && <p className="text-xs font-semibold text-sky-800 dark:text-sky-300">Linked comment</p>}
        <Byline
          name={name}
          username={comment.username}
          age={
            // The comment's own address, to open or copy (as a post's time is the post's).
            <Link to={commentPath(postId, comment._id)} className="py-0.5 hover:underline focus-ring">
              <Age iso={comment.createdAt} />
            </Link>
          }
        >
          <CommentEditedMarker comment={comment} postId={postId} />
        </Byline>
        {editing ? (
          <EditCommentForm comment={comment} postId={postId} onDone={closeEditor} />
        ) : (
          <FilteredContent filtered={comment.filtered}>
            <p className="mt-0.5 text-[15px] break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">
              <LinkifiedText text={comment.text} unresolvedMentions={comment.unresolvedMentions} />
            </p>
            {comment.media && (
              <div className="max-w-sm">
                <LazyMediaGallery media={comment.media.slice(0, 1)} />
              </div>
            )}
          </FilteredContent>
        )}
        <div className="-ml-2 mt-1 flex flex-wrap items-center gap-1 text-zinc-600 dark:text-zinc-400">
          <button
            type="button"
            aria-pressed={upvoted}
            onClick={() => vote('upvote', upvoted)}
            className={`${control} ${upvoted ? 'text-emerald-700 dark:text-emerald-400' : ''}`}
            {...pendingProps(action.isPending)}
          >
            <ArrowBigUp className="size-5" fill={upvoted ? 'currentColor' : 'none'} aria-hidden="true" />
            <span className="sr-only">Upvote, </span>
            <span data-testid="upvotes">{comment.votes.upvotedBy.length}</span>
          </button>
          <button
            type="button"
            aria-pressed={downvoted}
            onClick={() => vote('downvote', downvoted)}
            className={`${control} ${downvoted ? 'text-red-700 dark:text-red-400' : ''}`}
            {...pendingProps(action.isPending)}
          >
            <ArrowBigDown className="size-5" fill={downvoted ? 'currentColor' : 'none'} aria-hidden="true" />
            <span className="sr-only">Downvote, </span>
            <span data-testid="downvotes">{comment.votes.downvotedBy.length}</span>
          </button>
          {mine && !editing && (
            <button id={editButtonId} type="button" className={control} onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </button>
          )}
          {(mine || postAuthor === me.username) && (
            <button type="button" className={control} onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete comment?"
        description="This can't be undone."
        confirmLabel="Delete"
        pending={action.isPending}
        onConfirm={() => {
          // The comment and its buttons go with it: continue at the box for a new comment.
          afterRemoval.arm(() => document.getElementById(commentBoxId(postId)));
          action.mutate(
            { kind: 'delete', commentId: comment._id },
            {
              onSuccess: () => setConfirming(false),
              onError: (error) => {
                afterRemoval.disarm();
                onError(error);
              },
            },
          );
        }}
      />
    </article>
  );
}
