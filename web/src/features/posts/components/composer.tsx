import { Limits } from '@sync/contract';
import type { FormEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { composerInputClass } from '../../../components/ui/field';
import { isWithinLimit, MessageField } from '../../../components/ui/message-field';
import { COMPOSER_ID } from '../../../entities/posts';
import { draftKeys, useDraft } from '../../../lib/drafts';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useCreatePost } from '../api/posts';

export function Composer() {
  const me = useMe();
  const draft = useDraft(draftKeys.composer);
  const create = useCreatePost();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isWithinLimit(draft.text, Limits.postContent) || create.isPending) return;
    create.mutate(draft.text, {
      onSuccess: () => draft.discard(),
      onError: (error) => toastError('Error', error.message),
    });
  };

  return (
    <form onSubmit={submit} className="flex gap-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
      <Avatar user={me} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <MessageField
          id={COMPOSER_ID}
          label="Create a post"
          placeholder="Create a post...."
          required
          rows={3}
          limit={Limits.postContent}
          value={draft.text}
          onValueChange={draft.setText}
          className={`${composerInputClass} w-full text-[15px]`}
        />
        <div className="flex justify-end">
          <Button type="submit" pending={create.isPending}>
            Share
          </Button>
        </div>
      </div>
    </form>
  );
}
