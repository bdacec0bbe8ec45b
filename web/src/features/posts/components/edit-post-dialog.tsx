import type { Post } from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { Modal, ModalFormActions } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { useEditPost } from '../api/posts';

type Props = { post: Post; open: boolean; onOpenChange: (open: boolean) => void };

export function EditPostDialog({ post, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Post">
      {/* Mounted per opening, so the text starts from the post's current content each time. */}
      {open && <EditPostForm post={post} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [content, setContent] = useState(post.content);
  const edit = useEditPost();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content === '' || edit.isPending) return;
    edit.mutate({ postId: post._id, content }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <textarea
        aria-label="Post content"
        placeholder="Edit a post...."
        required
        value={content}
        onChange={(event) => setContent(event.target.value)}
        className={`${inputClass} min-h-32 resize-y`}
      />
      <ModalFormActions error={edit.error} pending={edit.isPending} />
    </form>
  );
}
