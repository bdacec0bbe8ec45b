import type { Post } from '@sync/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useMe } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useDetachQuote, useQuotes } from '../api/quotes';
import { PostList } from './post-list';
import { quoteStrings as t } from './quote-strings';

type Props = {
  postId: string;
  /** Each card's actions and "…", composed by the app as for every list of posts (see `PostList`). */
  actions: (post: Post) => ReactNode;
  menu: (post: Post) => ReactNode;
};

/**
 * The posts that quote one post, for everyone who may see it. Its author also has Detach on each: after
 * a confirmation the quote shows "Removed by the author" instead of their post, and leaves this list.
 */
export function PostQuotes({ postId, actions, menu }: Props) {
  const me = useMe();
  const quotes = useQuotes(postId);
  const detach = useDetachQuote(postId);
  const [confirming, setConfirming] = useState<string | null>(null);
  // Who wrote the quoted post is on each quote, so the screen needs no fetch of its own for it.
  const mine = (quote: Post) => quote.quote?.post?.username === me.username;
  return (
    <>
      <PostList
        query={quotes}
        label={t.quotes}
        empty={t.noQuotes}
        actions={(quote) => (
          <>
            {actions(quote)}
            {mine(quote) && (
              <Button
                variant="secondary"
                size="sm"
                className="ml-auto"
                onClick={() => setConfirming(quote._id)}
                aria-label={`${t.detach}: quote by ${quote.firstName} ${quote.lastName}`}
              >
                {t.detach}
              </Button>
            )}
          </>
        )}
        menu={menu}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t.detachTitle}
        description={t.detachText}
        confirmLabel={t.detach}
        pending={detach.isPending}
        onConfirm={() => {
          if (!confirming || detach.isPending) return;
          detach.mutate(confirming, {
            onSuccess: () => setConfirming(null),
            onError: (error) => toastError(t.error, error.message),
          });
        }}
      />
    </>
  );
}
