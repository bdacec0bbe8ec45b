import type { Post } from '@sync/contract';
import { Bookmark, Heart, MessageCircle } from 'lucide-react';
import { lazy, Suspense, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { timeAgo } from '../../../lib/relative-time';
import { useMe } from '../../../lib/session';
import { useToggleBookmark } from '../../bookmarks/api/bookmarks';
import { useToggleLike } from '../api/posts';

// Only the author's own posts have a menu; its Base UI code loads when one is first shown.
const PostMenu = lazy(() => import('./post-menu'));

const action =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm transition-colors focus-ring hover:bg-zinc-100 dark:hover:bg-zinc-800';

/** Clicks on the card's own controls, or bubbling up from its portalled menus and dialogs, don't open it. */
function fromControl(event: MouseEvent) {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return true;
  return target.closest('a, button, input, textarea') !== null;
}

type Props = { post: Post; linked?: boolean; onDeleted?: () => void };

/** One post. In lists (`linked`) the whole card opens the post, by pointer or by Enter. */
export function PostCard({ post, linked = true, onDeleted }: Props) {
  const me = useMe();
  const navigate = useNavigate();
  const like = useToggleLike();
  const bookmark = useToggleBookmark();
  const liked = post.viewer?.liked ?? post.likes.likedBy.some((u) => u.username === me.username);
  const bookmarked = post.viewer?.bookmarked ?? false;
  const name = `${post.firstName} ${post.lastName}`;
  const open = () => navigate(`/post/${post._id}`);

  return (
    <article
      aria-label={`Post by ${name}`}
      tabIndex={linked ? 0 : undefined}
      onClick={linked ? (event) => !fromControl(event) && open() : undefined}
      onKeyDown={
        linked
          ? (event) => event.key === 'Enter' && event.target === event.currentTarget && open()
          : undefined
      }
      className={`flex gap-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800 ${
        linked
          ? 'cursor-pointer transition-colors hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-ring-inset dark:hover:bg-zinc-900/60 dark:focus-visible:bg-zinc-900/60'
          : ''
      }`}
    >
      <Link
        to={`/profile/${post.username}`}
        className="h-fit rounded-full focus-ring"
        aria-label={`${name}'s profile`}
      >
        <Avatar user={post} />
      </Link>
      <div className="min-w-0 flex-1">
        <header className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-1.5 text-sm">
            <Link
              to={`/profile/${post.username}`}
              className="truncate font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
            >
              {name}
            </Link>
            <span className="truncate text-zinc-600 dark:text-zinc-400">@{post.username}</span>
            <span aria-hidden="true" className="text-zinc-500">
              ·
            </span>
            <time
              dateTime={post.createdAt}
              title={new Date(post.createdAt).toLocaleString()}
              className="text-zinc-600 dark:text-zinc-400"
            >
              {timeAgo(post.createdAt)}
            </time>
          </div>
          {post.username === me.username && (
            <Suspense fallback={<span className="size-9" />}>
              <PostMenu post={post} onDeleted={onDeleted} />
            </Suspense>
          )}
        </header>
        <p className="mt-1 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">
          {post.content}
        </p>
        <div className="-ml-2.5 mt-2 flex items-center gap-4 text-zinc-600 dark:text-zinc-400">
          <Link to={`/post/${post._id}`} className={action} aria-label={`Comments: ${post.commentCount}`}>
            <MessageCircle className="size-[18px]" aria-hidden="true" />
            <span>{post.commentCount}</span>
          </Link>
          <button
            type="button"
            aria-label={liked ? 'Unlike' : 'Like'}
            aria-pressed={liked}
            disabled={like.isPending}
            onClick={() => like.mutate({ postId: post._id, like: !liked })}
            className={`${action} ${liked ? 'text-emerald-700 dark:text-emerald-400' : ''}`}
          >
            <Heart className="size-[18px]" fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
            <span data-testid="like-count">{post.likes.likeCount}</span>
          </button>
          <button
            type="button"
            aria-label={bookmarked ? 'Remove bookmark' : 'Bookmark'}
            aria-pressed={bookmarked}
            disabled={bookmark.isPending}
            onClick={() => bookmark.mutate({ post, bookmark: !bookmarked })}
            className={`${action} ${bookmarked ? 'text-emerald-700 dark:text-emerald-400' : ''}`}
          >
            <Bookmark
              className="size-[18px]"
              fill={bookmarked ? 'currentColor' : 'none'}
              aria-hidden="true"
            />
          </button>
        </div>
      </div>
    </article>
  );
}
