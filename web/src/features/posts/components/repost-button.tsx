import type { Post } from '@sync/contract';
import { Repeat2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { MenuTriggerButton, useMenuOnFirstUse } from '../../../components/ui/button';
import { Link } from 'react-router';
import { postActionClass, postActionOnClass, postCountClass } from '../../../components/ui/post-action';
import { toastError } from '../../../lib/toast';
import { useToggleRepost } from '../api/sharing';
import { sharingStrings as t } from './strings';
import { lazyPart, preloadOf } from '../../../lib/lazy';

// The menu (Base UI's) and the quote dialog load on first use, never with the list of posts (decision 040).
const loadMenu = () => import('./repost-menu');
const RepostMenu = lazyPart(loadMenu);
const QuoteDialog = lazyPart(() => import('./quote-dialog'));
const preload = preloadOf(loadMenu);

/**
 * Repost (a menu: Repost or Undo repost, Quote), the count, and the quotes' count when there are any. The keyboard's t and q press the hidden
 * buttons (`data-shortcut`), which do the same without the menu.
 */
export function RepostButton({ post }: { post: Post }) {
  const repost = useToggleRepost();
  // The button keeps the keyboard's focus while the menu's code loads.
  const menu = useMenuOnFirstUse();
  const [quoting, setQuoting] = useState(false);
  const reposted = post.viewer?.reposted ?? false;
  const repostCount = post.repostCount ?? 0;
  const quoteCount = post.quoteCount ?? 0;
  const toggle = () => repost.mutate({ postId: post._id, repost: !reposted });
  const quoteDisabledReason = post.viewer?.quoteDisabled
    ? t.quoteDisabled[post.quotePolicy ?? 'anyone'](post.username)
    : undefined;
  // The q shortcut says why instead of opening a quote the server would refuse.
  const quote = () => (quoteDisabledReason ? toastError(quoteDisabledReason) : setQuoting(true));
  const className = `${postActionClass} ${reposted ? postActionOnClass.repost : ''}`;
  const label = reposted ? `${t.repostOptions} (reposted)` : t.repostOptions;
  const icon = <Repeat2 className="size-[18px]" aria-hidden="true" />;
  const button = (
    <MenuTriggerButton
      label={label}
      className={className}
      preload={preload}
      pending={repost.isPending || menu.loading}
      onOpen={menu.open}
    >
      {icon}
    </MenuTriggerButton>
  );

  return (
    <span className="inline-flex items-center">
      <Suspense fallback={button}>
        {menu.wanted ? (
          <RepostMenu
            label={label}
            className={className}
            reposted={reposted}
            onToggle={toggle}
            onQuote={() => setQuoting(true)}
            quoteDisabledReason={quoteDisabledReason}
          >
            {icon}
          </RepostMenu>
        ) : (
          button
        )}
      </Suspense>
      <Link to={`/post/${post._id}/reposts`} className={postCountClass}>
        <span data-testid="repost-count">{repostCount}</span>
        <span className="sr-only"> {t.reposts(repostCount)}</span>
      </Link>
      {quoteCount > 0 && (
        <Link to={`/post/${post._id}/quotes`} className={`${postCountClass} whitespace-nowrap`}>
          {t.quoteCount(quoteCount)}
        </Link>
      )}
      <button type="button" hidden data-shortcut="repost" onClick={toggle} />
      <button type="button" hidden data-shortcut="quote" onClick={quote} />
      {quoting && (
        <Suspense fallback={null}>
          <QuoteDialog post={post} onClose={() => setQuoting(false)} />
        </Suspense>
      )}
    </span>
  );
}
