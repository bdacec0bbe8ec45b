import { Limits, type Post } from '@sync/contract';
import type { FormEvent } from 'react';
import { Modal, ModalFormActions } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { characterCount, MessageField } from '../../../components/ui/message-field';
import { draftKeys, useDraft } from '../../../lib/drafts';
import { useEditPost } from '../api/posts';

type Props = { post: Post; open: boolean; onOpenChange: (open: boolean) => void };

export function EditPostDialog({ post, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Post">
      {/* Mounted per opening: the text starts from an unsent edit, or the post's current content. */}
      {open && <EditPostForm post={post} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const draft = useDraft(draftKeys.editPost(post._id), post.content);
  const edit = useEditPost();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A post with images may have no text, as when it was written.
    const length = characterCount(draft.text);
    if (length > Limits.postContent || (length === 0 && !post.media?.length) || edit.isPending) return;
    edit.mutate(
      { postId: post._id, content: draft.text },
      {
        onSuccess: () => {
          draft.discard();
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {/* The first field of the dialog: Base UI puts focus in it when the dialog opens. */}
      <MessageField
        label="Post content"
        placeholder="Edit a post...."
        required={!post.media?.length}
        limit={Limits.postContent}
        value={draft.text}
        onValueChange={draft.setText}
        className={`${inputClass} min-h-32 resize-y`}
      />
      <ModalFormActions error={edit.error} pending={edit.isPending} />
    </form>
  );
}
