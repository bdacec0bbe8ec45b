import { Limits, type Post, type QuotePolicy } from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { characterCount, MessageField } from '../../../components/ui/message-field';
import { toastSuccess } from '../../../lib/toast';
import { useCreatePost } from '../api/posts';
import { QuotedPostCard } from './quoted-post';
import QuotePolicyChoice from './quote-policy-select';
import { quoteStrings as t } from './quote-strings';
import { composerStrings } from './strings';

/**
 * Writing a quote of `post`: the text, the quoted post compactly, who may quote the new one. A refusal
 * (the quoted author's policy: 403) is said in the dialog with the server's words.
 */
export default function QuoteDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [text, setText] = useState('');
  const [policy, setPolicy] = useState<QuotePolicy | null>(null);
  const create = useCreatePost();
  const close = () => {
    setOpen(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = characterCount(text);
    if (length === 0 || length > Limits.postContent || create.isPending) return;
    create.mutate(
      { content: text, quoteId: post._id, quotePolicy: policy ?? undefined },
      {
        onSuccess: () => {
          close();
          toastSuccess('Quote posted');
        },
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title={t.quoteTitle}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <MessageField
          label={t.quoteLabel}
          placeholder={t.quoteLabel}
          rows={3}
          required
          limit={Limits.postContent}
          value={text}
          onValueChange={setText}
          className={`${inputClass} w-full text-[15px]`}
        />
        <QuotedPostCard post={post} linked={false} />
        <QuotePolicyChoice chosen={policy} onChoose={setPolicy} />
        {create.error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {create.error.message}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <ModalClose />
          <Button type="submit" pending={create.isPending}>
            {composerStrings.share}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
