import { Limits, type QuotePolicy } from '@sync/contract';
import { Suspense, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { composerInputClass } from '../../../components/ui/field';
import { DropOverlay, RefusalsAlert } from '../../../components/ui/refusals-alert';
import { characterCount, MessageField } from '../../../components/ui/message-field';
import { descriptionFieldId, hasFiles, imagesOf, useAttachments } from '../../../entities/media';
import { useInstance } from '../../../entities/instance';
import { COMPOSER_ID } from '../../../entities/posts';
import { isAltTextReminderOn } from '../../../lib/alt-text-reminder';
import { draftKeys, useDraft } from '../../../lib/drafts';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useCreatePost } from '../api/posts';
import { ImageControls } from './image-controls';
import { composerStrings as t } from './strings';
import { lazyPart } from '../../../lib/lazy';

// Loaded when first needed, not with the home screen: the images' list with the first image added,
// the reminder (a Base UI dialog) the first time an undescribed image is posted.
const AttachmentList = lazyPart(() => import('../../../entities/media/attachment-list'));
const AltReminderDialog = lazyPart(() => import('./alt-reminder-dialog'));
// Who can quote: shown once writing starts, with the default from Settings.
const QuotePolicyChoice = lazyPart(() => import('./quote-policy-select'));

/**
 * The composer. On the home screen it is one line on phones until it is first focused or holds
 * something, so the feed starts high on the first screen; in the phone's compose sheet it starts
 * focused, under its own id, and says when a post is shared.
 */
export function Composer({
  sheet,
}: {
  /** In the phone's sheet: what to do once posted, and the sheet's Close, shown beside Share. */
  sheet?: { onPosted: () => void; close: ReactNode };
} = {}) {
  const me = useMe();
  const draft = useDraft(draftKeys.composer);
  const create = useCreatePost();
  const configuration = useInstance().data?.media;
  const max = configuration?.maxPerPost ?? 0;
  const attachments = useAttachments(configuration, max);
  const [sensitive, setSensitive] = useState(false);
  // Who may quote the new post: the person's default (Settings) until they choose here.
  const [quotePolicy, setQuotePolicy] = useState<QuotePolicy | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [reminder, setReminder] = useState(false);
  // Once asked, the dialog stays mounted, so it can close (and hand focus on) like any other.
  const [reminded, setReminded] = useState(false);
  // Once focused it stays open: folding it again as focus leaves would move what is below it under
  // the finger or pointer that is pressing there.
  const [opened, setOpened] = useState(false);
  const sheetFieldId = useId();
  const textField = useRef<HTMLTextAreaElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);
  const afterReminder = useRef<HTMLElement | null>(null);

  const { items } = attachments;
  const hasImages = items.length > 0;
  const length = characterCount(draft.text);
  const descriptionMax = configuration?.descriptionMax ?? 1500;
  const ready =
    length <= Limits.postContent &&
    (length > 0 || hasImages) &&
    items.every((item) => characterCount(item.description) <= descriptionMax);
  const busy = create.isPending || saving || attachments.uploading;
  // Below md, an inline composer never focused and with nothing in it shows its field only, on one line.
  const idle = !sheet && !opened && draft.text === '' && !hasImages;
  const idleOnPhone = idle ? 'max-md:hidden' : '';

  const share = async () => {
    setSaving(true);
    try {
      await attachments.saveDescriptions();
    } catch (error) {
      toastError(t.error, (error as Error).message);
      return;
    } finally {
      setSaving(false);
    }
    create.mutate(
      {
        content: draft.text,
        mediaIds: attachments.mediaIds,
        sensitive: sensitive && hasImages,
        quotePolicy: quotePolicy ?? undefined,
      },
      {
        onSuccess: () => {
          draft.discard();
          attachments.clear();
          setSensitive(false);
          setQuotePolicy(null);
          sheet?.onPosted();
        },
        onError: (error) => toastError(t.error, error.message),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    if (isAltTextReminderOn() && attachments.undescribed.length > 0) {
      setReminder(true);
      setReminded(true);
      return;
    }
    void share();
  };

  const closeReminder = (then: HTMLElement | null) => {
    afterReminder.current = then;
    setReminder(false);
  };

  return (
    <form
      onSubmit={submit}
      onFocus={() => setOpened(true)}
      onPaste={(event) => {
        const images = imagesOf(event.clipboardData.files);
        if (images.length === 0) return;
        event.preventDefault();
        void attachments.add(images);
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
        void attachments.add(imagesOf(event.dataTransfer.files));
      }}
      className={`relative flex gap-3 ${sheet ? '' : `border-b border-zinc-200 px-4 dark:border-zinc-800 ${idle ? 'py-4 max-md:py-3' : 'py-4'}`} ${dragging ? 'bg-teal-50 dark:bg-teal-950/40' : ''}`}
    >
      <Avatar user={me} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <MessageField
          ref={textField}
          id={sheet ? sheetFieldId : COMPOSER_ID}
          label={t.label}
          placeholder={t.placeholder}
          required={!hasImages}
          rows={sheet ? 5 : 3}
          limit={Limits.postContent}
          value={draft.text}
          onValueChange={draft.setText}
          counterClassName={idleOnPhone}
          className={`${composerInputClass} w-full text-[15px] ${idle ? 'max-md:h-11 max-md:resize-none' : ''}`}
        />
        <RefusalsAlert
          refusals={attachments.refusals}
          dismissLabel={t.dismiss}
          onDismiss={attachments.dismissRefusals}
        />
        {hasImages && (
          <Suspense fallback={null}>
            <AttachmentList
              label={t.images}
              items={items}
              descriptionMax={descriptionMax}
              onDescribe={attachments.describe}
              onRemove={attachments.remove}
            />
          </Suspense>
        )}
        <div className={`flex flex-wrap items-center justify-between gap-2 ${idleOnPhone}`}>
          <ImageControls
            attachments={attachments}
            types={configuration?.types}
            max={max}
            sensitive={sensitive}
            onSensitiveChange={setSensitive}
          />
          <span className="ml-auto flex flex-wrap items-center justify-end gap-2">
            {(length > 0 || hasImages) && (
              <Suspense fallback={null}>
                <QuotePolicyChoice chosen={quotePolicy} onChoose={setQuotePolicy} />
              </Suspense>
            )}
            {sheet?.close}
            <Button ref={shareButton} type="submit" pending={busy}>
              {t.share}
            </Button>
          </span>
        </div>
      </div>
      {dragging && <DropOverlay label={t.dropHere} />}
      {reminded && (
        <Suspense fallback={null}>
          <AltReminderDialog
            open={reminder}
            count={attachments.undescribed.length}
            finalFocus={afterReminder}
            onOpenChange={(open) => !open && closeReminder(shareButton.current)}
            onAddDescription={() => {
              const first = attachments.undescribed[0];
              closeReminder(
                first ? document.getElementById(descriptionFieldId(first.key)) : shareButton.current,
              );
            }}
            onPostAnyway={() => {
              closeReminder(textField.current);
              void share();
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
