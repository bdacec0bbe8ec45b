import { Limits, type Post } from '@sync/contract';
import { Suspense, useState, type FormEvent } from 'react';
import { Modal, ModalFormActions } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { characterCount, MessageField } from '../../../components/ui/message-field';
import { RefusalsAlert } from '../../../components/ui/refusals-alert';
import { useAttachments } from '../../../entities/media';
import { useInstance } from '../../../entities/instance';
import { draftKeys, useDraft } from '../../../lib/drafts';
import { useEditPost } from '../api/posts';
import { ImageControls } from './image-controls';
import { composerStrings as t } from './strings';
import { lazyPart } from '../../../lib/lazy';

// The composer's list of images, loaded when the dialog shows images (decision 040).
const AttachmentList = lazyPart(() => import('../../../entities/media/attachment-list'));

type Props = { post: Post; open: boolean; onOpenChange: (open: boolean) => void };

export function EditPostDialog({ post, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit Post">
      {/* Mounted per opening: the text starts from an unsent edit, or the post's current content. */}
      {open && <EditPostForm post={post} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.join(',') === b.join(',');

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const draft = useDraft(draftKeys.editPost(post._id), post.content);
  const edit = useEditPost();
  const configuration = useInstance().data?.media;
  const max = configuration?.maxPerPost ?? 0;
  const posted = post.media ?? [];
  // The images it shows: its own first (taken off here, they leave the post with the edit), then new ones.
  const attachments = useAttachments(configuration, max, posted);
  const [sensitive, setSensitive] = useState(post.sensitive ?? false);
  const [saving, setSaving] = useState(false);
  const [descriptionError, setDescriptionError] = useState<Error | null>(null);
  const { items } = attachments;
  const postedIds = posted.map((image) => image.id);
  // Until the list has loaded, the post's own images stand for it.
  const mediaIds = attachments.loaded ? attachments.mediaIds : postedIds;
  const busy = edit.isPending || saving || attachments.uploading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A post with images may have no text, as when it was written.
    const length = characterCount(draft.text);
    if (length > Limits.postContent || (length === 0 && mediaIds.length === 0) || busy) return;
    setSaving(true);
    setDescriptionError(null);
    try {
      // A new alt text of an image already posted is an edit of its own, kept in the history.
      await attachments.saveDescriptions();
    } catch (error) {
      setSaving(false);
      setDescriptionError(error as Error);
      return;
    }
    setSaving(false);
    const imagesChanged = !sameList(mediaIds, postedIds);
    edit.mutate(
      {
        postId: post._id,
        content: draft.text,
        sensitive: sensitive && mediaIds.length > 0,
        ...(imagesChanged && { mediaIds }),
      },
      {
        onSuccess: () => {
          draft.discard();
          // The images belong to the post now: closing the dialog deletes none of them.
          attachments.clear();
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {/* The first field of the dialog: Base UI puts focus in it when the dialog opens. */}
      <MessageField
        label="Post content"
        placeholder="Edit a post...."
        required={mediaIds.length === 0}
        limit={Limits.postContent}
        value={draft.text}
        onValueChange={draft.setText}
        className={`${inputClass} min-h-32 resize-y`}
      />
      <RefusalsAlert
        refusals={attachments.refusals}
        dismissLabel={t.dismiss}
        onDismiss={attachments.dismissRefusals}
      />
      {items.length > 0 && (
        <Suspense fallback={null}>
          <AttachmentList
            label={t.images}
            items={items}
            descriptionMax={configuration?.descriptionMax ?? 1500}
            onDescribe={attachments.describe}
            onRemove={attachments.remove}
          />
        </Suspense>
      )}
      <ImageControls
        attachments={attachments}
        types={configuration?.types}
        max={max}
        sensitive={sensitive}
        onSensitiveChange={setSensitive}
      />
      <ModalFormActions error={(descriptionError ?? edit.error)?.message} pending={busy} />
    </form>
  );
}
