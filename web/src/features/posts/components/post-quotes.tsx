import type { Post } from '@sync/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { toastError } from '../../../lib/toast';
import { useDetachQuote, useQuotes } from '../api/quotes';
import { quoteStrings as t } from './quote-strings';

function QuoteRow({ quote, onDetach }: { quote: Post; onDetach: () => void }) {
  const name = `${quote.firstName} ${quote.lastName}`;
  return (
    <li className="flex items-start gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <Avatar user={quote} size="sm" />
      <div className="min-w-0 flex-1 text-sm">
        <Link to={`/post/${quote._id}`} className="font-semibold hover:underline focus-ring">
          {name}
        </Link>{' '}
        <span className="text-zinc-600 dark:text-zinc-400">@{quote.username}</span>
        <p className="line-clamp-3 break-words whitespace-pre-wrap">{quote.content}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onDetach} aria-label={`${t.detach}: quote by ${name}`}>
        {t.detach}
      </Button>
    </li>
  );
}

/**
 * On my own post's page: the posts that quote it, each with Detach (after a confirmation the quote
 * shows "Removed by the author" instead of my post).
 */
export function PostQuotes({ postId }: { postId: string }) {
  const quotes = useQuotes(postId);
  const detach = useDetachQuote(postId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const list = quotes.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <section aria-labelledby="post-quotes" className="border-b border-zinc-200 dark:border-zinc-800">
      <h2 id="post-quotes" className="px-4 pt-3 pb-1 text-base font-bold">
        {t.quotes}
      </h2>
      {quotes.error && (
        <p className="px-4 pb-3 text-sm text-red-700 dark:text-red-400">{quotes.error.message}</p>
      )}
      {quotes.isSuccess && list.length === 0 && (
        <p className="px-4 pb-3 text-sm text-zinc-600 dark:text-zinc-400">{t.noQuotes}</p>
      )}
      {list.length > 0 && (
        <ul aria-label={t.quotes}>
          {list.map((quote) => (
            <QuoteRow key={quote._id} quote={quote} onDetach={() => setConfirming(quote._id)} />
          ))}
        </ul>
      )}
      {quotes.hasNextPage && (
        <div className="px-4 py-2">
          <Button
            variant="secondary"
            size="sm"
            pending={quotes.isFetchingNextPage}
            onClick={() => void quotes.fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      )}
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
    </section>
  );
}
