import { useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { composerInputClass } from '../../../components/ui/field';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useCreatePost } from '../api/posts';

export function Composer() {
  const me = useMe();
  const [content, setContent] = useState('');
  const create = useCreatePost();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim() || create.isPending) return;
    create.mutate(content, {
      onSuccess: () => setContent(''),
      onError: (error) => toastError('Error', error.message),
    });
  };

  return (
    <form onSubmit={submit} className="flex gap-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
      <Avatar user={me} />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <textarea
          aria-label="Create a post"
          placeholder="Create a post...."
          required
          rows={3}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          className={`${composerInputClass} w-full text-[15px]`}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending}>
            Share
          </Button>
        </div>
      </div>
    </form>
  );
}
