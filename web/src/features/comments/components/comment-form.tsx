import { Limits, MediaLimits } from '@sync/contract';
import { ImagePlus } from 'lucide-react';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { composerInputClass } from '../../../components/ui/field';
import { DropOverlay, RefusalsAlert } from '../../../components/ui/refusals-alert';
import { characterCount, MessageField } from '../../../components/ui/message-field';
import { useInstance } from '../../../entities/instance';
import { attachmentStrings, hasFiles, imagesOf, useAttachments } from '../../../entities/media';
import { draftKeys, useDraft } from '../../../lib/drafts';
import { useMe } from '../../../lib/session';
import { useCommentAction } from '../api/comments';
import { commentBoxId } from './comment-card';
import { lazyPart } from '../../../lib/lazy';

// The image's preview, description field and Remove: loaded with the first image added, as the post
// composer's (the upload code itself loads with the file chooser, in useAttachments).
const AttachmentList = lazyPart(() => import('../../../entities/media/attachment-list'));

export const commentFormStrings = {
  label: 'Comment',
  placeholder: 'Post your comment here...',
  post: 'Post',
  addImage: 'Add image',
  image: 'Image to comment',
  dropHere: 'Drop an image to add it',
};
const t = commentFormStrings;

/**
 * The comment composer: text, and one image (Add image, paste or drop) uploaded at once with its
 * progress, described, and sent as `mediaIds` (the description is saved first, with PATCH). A comment
 * may be an image alone. What the server refuses, the upload or the comment, is said under the field.
 */
export function CommentForm({ postId }: { postId: string }) {
  const me = useMe();
  const draft = useDraft(draftKeys.comment(postId));
  const add = useCommentAction(postId);
  const configuration = useInstance().data?.media;
  const attachments = useAttachments(configuration, MediaLimits.perComment);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const { items } = attachments;
  const hasImage = items.length > 0;
  const length = characterCount(draft.text);
  const descriptionMax = configuration?.descriptionMax ?? MediaLimits.descriptionMax;
  const ready =
    length <= Limits.commentText &&
    (length > 0 || hasImage) &&
    items.every((item) => characterCount(item.description) <= descriptionMax);
  const busy = add.isPending || saving || attachments.uploading;
  const refusals = refused ? [...attachments.refusals, refused] : attachments.refusals;

  const addFiles = (files: File[]) => {
    setRefused(null);
    void attachments.add(files);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setRefused(null);
    setSaving(true);
    try {
      await attachments.saveDescriptions();
    } catch (error) {
      setRefused((error as Error).message);
      return;
    } finally {
      setSaving(false);
    }
    add.mutate(
      { kind: 'add', text: draft.text, mediaIds: attachments.mediaIds },
      {
        onSuccess: () => {
          draft.discard();
          attachments.clear();
        },
        onError: (error) => setRefused(error.message),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onPaste={(event) => {
        const images = imagesOf(event.clipboardData.files);
        if (images.length === 0) return;
        event.preventDefault();
        addFiles(images);
      }}
      onDragEnter={(event) => hasFiles(event) && setDragging(true)}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        addFiles(imagesOf(event.dataTransfer.files));
      }}
      className={`relative flex items-start gap-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800 ${dragging ? 'bg-teal-50 dark:bg-teal-950/40' : ''}`}
    >
      <Avatar user={me} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start gap-2">
          <MessageField
            id={commentBoxId(postId)}
            label={t.label}
            placeholder={t.placeholder}
            required={!hasImage}
            rows={1}
            limit={Limits.commentText}
            value={draft.text}
            onValueChange={draft.setText}
            className={`${composerInputClass} min-h-10 text-sm`}
          />
          <input
            ref={fileInput}
            type="file"
            accept={configuration?.types.join(',')}
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              // The same file may be chosen again after it was removed.
              event.target.value = '';
            }}
          />
          <Button
            variant="ghost"
            aria-label={t.addImage}
            title={t.addImage}
            disabled={!configuration || items.length >= MediaLimits.perComment}
            onClick={() => {
              attachments.prepare();
              fileInput.current?.click();
            }}
            className="w-10 shrink-0 px-0"
          >
            <ImagePlus className="size-5" aria-hidden="true" />
          </Button>
          <Button type="submit" pending={busy}>
            {t.post}
          </Button>
        </div>
        <RefusalsAlert
          refusals={refusals}
          dismissLabel={attachmentStrings.dismiss}
          onDismiss={() => {
            attachments.dismissRefusals();
            setRefused(null);
          }}
        />
        {hasImage && (
          <Suspense fallback={null}>
            <AttachmentList
              label={t.image}
              items={items}
              descriptionMax={descriptionMax}
              onDescribe={attachments.describe}
              onRemove={attachments.remove}
            />
          </Suspense>
        )}
      </div>
      {dragging && <DropOverlay label={t.dropHere} />}
    </form>
  );
}
