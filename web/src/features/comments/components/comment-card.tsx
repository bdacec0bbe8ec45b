import type { Comment } from '@sync/contract';
import { ArrowBigDown, ArrowBigUp, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { timeAgo } from '../../../lib/relative-time';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useCommentAction } from '../api/comments';

const control =
  'inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm transition-colors focus-ring hover:bg-zinc-100 disabled:opacity-50 dark:hover:bg-zinc-800';

type Props = { comment: Comment; postId: string; postAuthor: string };

export function CommentCard({ comment, postId, postAuthor }: Props) {
  const me = useMe();
  const action = useCommentAction(postId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(comment.text);
  const name = `${comment.firstName} ${comment.lastName}`;
  const mine = comment.username === me.username;
  const upvoted = comment.votes.upvotedBy.some((u) => u.username === me.username);
  const downvoted = comment.votes.downvotedBy.some((u) => u.username === me.username);
  const onError = (error: Error) => toastError('Error', error.message);

  const vote = (kind: 'upvote' | 'downvote') => {
    // The server has no "take back a vote": pressing the vote you already gave changes nothing.
    if ((kind === 'upvote' && upvoted) || (kind === 'downvote' && downvoted) || action.isPending) return;
    action.mutate({ kind, commentId: comment._id }, { onError });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || action.isPending) return;
    action.mutate(
      { kind: 'edit', commentId: comment._id, text },
      { onSuccess: () => setEditing(false), onError },
    );
  };

  return (
    <article
      aria-label={`Comment by ${name}`}
      className="flex gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800"
    >
      <Link
        to={`/profile/${comment.username}`}
        className="h-fit rounded-full focus-ring"
        aria-label={`${name}'s profile`}
      >
        <Avatar user={comment} size="sm" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
          <Link
            to={`/profile/${comment.username}`}
            className="font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
          >
            {name}
          </Link>
          <span className="text-zinc-600 dark:text-zinc-400">@{comment.username}</span>
          <span aria-hidden="true" className="text-zinc-500">
            ·
          </span>
          <time dateTime={comment.createdAt} className="text-zinc-600 dark:text-zinc-400">
            {timeAgo(comment.createdAt)}
          </time>
        </div>
        {editing ? (
          <form onSubmit={save} className="mt-2 flex flex-col gap-2">
            <textarea
              aria-label="Edit comment"
              required
              value={text}
              onChange={(event) => setText(event.target.value)}
              className={`${inputClass} min-h-20`}
            />
            <div className="flex justify-end gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setText(comment.text);
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={action.isPending}>
                Save
              </Button>
            </div>
          </form>
        ) : (
          <p className="mt-0.5 text-[15px] break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">
            {comment.text}
          </p>
        )}
        <div className="-ml-2 mt-1 flex flex-wrap items-center gap-1 text-zinc-600 dark:text-zinc-400">
          <button
            type="button"
            aria-label="Upvote"
            aria-pressed={upvoted}
            onClick={() => vote('upvote')}
            className={`${control} ${upvoted ? 'text-emerald-700 dark:text-emerald-400' : ''}`}
          >
            <ArrowBigUp className="size-5" fill={upvoted ? 'currentColor' : 'none'} aria-hidden="true" />
            <span data-testid="upvotes">{comment.votes.upvotedBy.length}</span>
          </button>
          <button
            type="button"
            aria-label="Downvote"
            aria-pressed={downvoted}
            onClick={() => vote('downvote')}
            className={`${control} ${downvoted ? 'text-red-700 dark:text-red-400' : ''}`}
          >
            <ArrowBigDown className="size-5" fill={downvoted ? 'currentColor' : 'none'} aria-hidden="true" />
            <span data-testid="downvotes">{comment.votes.downvotedBy.length}</span>
          </button>
          {mine && !editing && (
            <button
              type="button"
              className={control}
              onClick={() => {
                setText(comment.text);
                setEditing(true);
              }}
            >
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
        onConfirm={() =>
          action.mutate(
            { kind: 'delete', commentId: comment._id },
            { onSuccess: () => setConfirming(false), onError },
          )
        }
      />
    </article>
  );
}
