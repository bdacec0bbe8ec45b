import { ModerationLimits } from '@sync/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useDeleteContent, type ContentTarget } from '../api/moderation';
import { strings } from './strings';

const text = strings.deleteContent;

function DeleteForm({
  target,
  reportId,
  label,
  onDone,
}: {
  target: ContentTarget;
  reportId?: string;
  label: string;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const remove = useDeleteContent();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate({ target, reason: reason.trim(), reportId }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{text.text}</p>
      <TextField
        label={text.reason}
        value={reason}
        maxLength={ModerationLimits.reasonMax}
        onChange={(event) => setReason(event.target.value)}
      />
      {remove.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {remove.error.message}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <ModalClose>{strings.cancel}</ModalClose>
        <Button type="submit" variant="danger" pending={remove.isPending}>
          {label}
        </Button>
      </div>
    </form>
  );
}

/** Delete a reported post or comment, after asking (with a reason for the audit log). */
export function DeleteContentButton({ target, reportId }: { target: ContentTarget; reportId?: string }) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const isComment = target.commentId !== null;
  const label = isComment ? strings.report.deleteComment : strings.report.deletePost;
  return (
    <>
      {deleted ? (
        <p
          ref={said}
          tabIndex={-1}
          role="status"
          className="text-sm text-zinc-700 focus-ring dark:text-zinc-300"
        >
          {strings.report.deleted}
        </p>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {label}…
        </Button>
      )}
      <Modal open={open} onOpenChange={setOpen} title={isComment ? text.commentTitle : text.postTitle}>
        <DeleteForm
          target={target}
          reportId={reportId}
          label={label}
          onDone={() => {
            setOpen(false);
            setDeleted(true);
            // Its button is gone: after the dialog hands focus back, the words that replaced it take it.
            requestAnimationFrame(() => said.current?.focus());
          }}
        />
      </Modal>
    </>
  );
}
