import type { Quote, QuotedPost } from '@sync/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Age } from '../../../components/ui/age';
import { sharingStrings as t } from './strings';

const box = 'mt-2 rounded-xl border border-zinc-200 dark:border-zinc-700';

/**
 * The quoted post, compact: its author, text and first image; the whole box is a link to it. A sensitive
 * image is left out here (the post itself shows it behind its warning).
 */
export function QuotedPostCard({ post, linked = true }: { post: QuotedPost; linked?: boolean }) {
  const name = `${post.firstName} ${post.lastName}`;
  const image = post.sensitive ? undefined : post.media?.[0];
  const body = (
    <>
      {/* Said before the rest, so a link read out of context says what it is. */}
      <span className="sr-only">{t.quotedLabel(name)}: </span>
      <span className="flex items-center gap-2 text-sm">
        <Avatar user={post} size="sm" />
        <span className="truncate font-semibold text-zinc-900 dark:text-zinc-50">{name}</span>
        <span className="truncate text-zinc-600 dark:text-zinc-400">@{post.username}</span>
        <Age iso={post.createdAt} className="shrink-0 text-zinc-600 dark:text-zinc-400" />
      </span>
      {post.content && (
        <span className="mt-1 line-clamp-4 block text-sm break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">
          {post.content}
        </span>
      )}
      {image && (
        <img
          src={image.previewUrl}
          alt={image.description}
          width={image.previewWidth}
          height={image.previewHeight}
          loading="lazy"
          className="mt-2 max-h-48 w-full rounded-lg object-cover"
        />
      )}
    </>
  );
  const className = `${box} block p-3`;
  if (!linked) return <div className={className}>{body}</div>;
  return (
    <Link
      to={`/post/${post._id}`}
      className={`${className} hover:bg-zinc-50 focus-ring dark:hover:bg-zinc-800/60`}
    >
      {body}
    </Link>
  );
}

/**
 * What a quoting post shows of the post it quotes, in each of the quote's states; loaded with the first
 * quote shown, not with the first screen.
 */
export default function QuoteBlock({ quote }: { quote: Quote }) {
  if (quote.state === 'accepted' && quote.post) return <QuotedPostCard post={quote.post} />;
  const text = quote.state === 'revoked' ? t.revoked : quote.state === 'hidden' ? t.hidden : t.unavailable;
  return (
    <p className={`${box} px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400`} data-quote-state={quote.state}>
      {text}
    </p>
  );
}
