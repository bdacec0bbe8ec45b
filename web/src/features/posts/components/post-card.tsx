import type { Post } from '@sync/contract';
import { Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { Suspense, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Age } from '../../../components/ui/age';
import { Avatar } from '../../../components/ui/avatar';
import { Byline } from '../../../components/ui/byline';
import { MEDIA_GALLERY_ATTRIBUTE } from '../../../components/media/frame';
import { LazyMediaGallery } from '../../../components/media/lazy-media-gallery';
import { FilteredContent } from '../../../components/ui/filtered-content';
import { foldOver } from '../../../components/ui/fold-over';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { postActionClass, postCountClass, PostToggle } from '../../../components/ui/post-action';
import { POST_CARD_ATTRIBUTE, postPath as pathOf } from '../../../entities/posts';
import { exactDate } from '../../../lib/relative-time';
import { useMe } from '../../../lib/session';
import { useToggleLike } from '../api/posts';
import { PostEditedMarker } from './edited-marker';
import { RepostButton } from './repost-button';
import { sharingStrings } from './strings';
import { lazyPart } from '../../../lib/lazy';

// The author's own posts have this menu; its Base UI code loads when one is first shown.
const PostMenu = lazyPart(() => import('./post-menu'));
// The folding of long posts loads with the first post long enough to fold.
const FoldedText = lazyPart(() => import('../../../components/ui/folded-text'));
// A quote's box loads with the first quote shown.
const QuoteBlock = lazyPart(() => import('./quoted-post'));

/** Clicks on the card's own controls, or bubbling up from its portalled menus and dialogs, don't open it. */
function fromControl(event: MouseEvent) {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return true;
  // The images' own controls, and their gaps and descriptions, are not the card's to open.
  return target.closest(`a, button, input, textarea, [${MEDIA_GALLERY_ATTRIBUTE}]`) !== null;
}

const textClass =
  'mt-1 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-zinc-900 dark:text-zinc-100';

function WholeText({
  text,
  className,
  unresolvedMentions,
}: {
  text: string;
  className: string;
  unresolvedMentions: readonly string[] | undefined;
}) {
  return (
    <p className={className}>
      <LinkifiedText text={text} unresolvedMentions={unresolvedMentions} />
    </p>
  );
}

type Props = {
  post: Post;
  /**
   * The actions after the like, from other features (the bookmark toggle): the app composes them
   * in, since a feature imports no other feature.
   */
  actions: ReactNode;
  /** The "…" on someone else's post (block, mute, report), from another feature like `actions`. */
  menu?: ReactNode;
  linked?: boolean;
  onDeleted?: () => void;
};

/**
 * One post. In lists (`linked`) the card is a stop for the keyboard (the ARIA feed pattern: j/k move
 * between cards, Enter or o opens one) and a click anywhere on it opens the post; its time is also a
 * plain link to the post.
 */
export function PostCard({ post, actions, menu, linked = true, onDeleted }: Props) {
  const me = useMe();
  const navigate = useNavigate();
  const like = useToggleLike();
  const liked = post.viewer?.liked ?? post.likes.likedBy.some((u) => u.username === me.username);
  const name = `${post.firstName} ${post.lastName}`;
  const postPath = pathOf(post._id);
  const likeCount = post.likes.likeCount;
  const reposter = post.reposted && `${post.reposted.by.firstName} ${post.reposted.by.lastName}`;

  return (
    // The feed pattern's article: focusable, opened by a click anywhere or by Enter (and o, see
    // keyboard shortcuts); its time is also a plain link to the post.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <article
      aria-label={reposter ? `Post by ${name}, reposted by ${reposter}` : `Post by ${name}`}
      {...{ [POST_CARD_ATTRIBUTE]: post._id }}
      tabIndex={linked ? 0 : undefined}
      onClick={linked ? (event) => !fromControl(event) && navigate(postPath) : undefined}
      onKeyDown={
        linked
          ? (event) => event.key === 'Enter' && event.target === event.currentTarget && navigate(postPath)
          : undefined
      }
      className={`flex flex-wrap gap-x-3 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800 ${
        linked
          ? 'cursor-pointer transition-colors hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-ring-inset dark:hover:bg-zinc-900/60 dark:focus-visible:bg-zinc-900/60'
          : ''
      }`}
    >
      {post.reposted && reposter && (
        <p className="-mt-1 mb-1 flex w-full items-center gap-2 pl-6 text-sm text-zinc-600 dark:text-zinc-400">
          <Repeat2 className="size-4" aria-hidden="true" />
          <Link to={`/profile/${post.reposted.by.username}`} className="py-0.5 hover:underline focus-ring">
            {sharingStrings.repostedBy(reposter)}
          </Link>
        </p>
      )}
      {/* The name link goes to the same profile; the picture is for the eye only. */}
      <Link to={`/profile/${post.username}`} className="h-fit rounded-full" tabIndex={-1} aria-hidden="true">
        <Avatar user={post} />
      </Link>
      <div className="min-w-0 flex-1">
        <header className="flex items-start gap-2">
          <Byline
            name={name}
            username={post.username}
            age={
              <Link to={postPath} className="py-0.5 hover:underline focus-ring">
                <Age iso={post.createdAt} />
              </Link>
            }
          >
            <PostEditedMarker post={post} />
          </Byline>
          {post.username === me.username ? (
            <Suspense fallback={<span className="size-9" />}>
              <PostMenu post={post} onDeleted={onDeleted} />
            </Suspense>
          ) : (
            menu && <div className="-mr-2">{menu}</div>
          )}
        </header>
        <FilteredContent filtered={post.filtered}>
          {post.content &&
            // In lists a long post shows its beginning; the post's own page shows it all.
            (linked && post.content.length > foldOver ? (
              <Suspense
                fallback={
                  <WholeText
                    text={post.content}
                    className={`${textClass} line-clamp-[10]`}
                    unresolvedMentions={post.unresolvedMentions}
                  />
                }
              >
                <FoldedText
                  text={post.content}
                  className={textClass}
                  unresolvedMentions={post.unresolvedMentions}
                />
              </Suspense>
            ) : (
              <WholeText
                text={post.content}
                className={textClass}
                unresolvedMentions={post.unresolvedMentions}
              />
            ))}
          {post.media && <LazyMediaGallery media={post.media} sensitive={post.sensitive} />}
          {post.quote && (
            <Suspense fallback={null}>
              <QuoteBlock quote={post.quote} />
            </Suspense>
          )}
        </FilteredContent>
        {/* The post's own page says when it was written, as well as how long ago. */}
        {!linked && (
          <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
            <time dateTime={post.createdAt}>{exactDate(post.createdAt)}</time>
          </p>
        )}
        {/* Closer on a phone, where a quote count still fits; what does not (Detach) wraps, not off the card. */}
        <div className="-ml-2.5 mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-zinc-600 sm:gap-x-4 dark:text-zinc-400">
          <Link to={postPath} className={postActionClass} aria-label={`Comments: ${post.commentCount}`}>
            <MessageCircle className="size-[18px]" aria-hidden="true" />
            <span>{post.commentCount}</span>
          </Link>
          <span className="inline-flex items-center">
            <PostToggle
              label="Like"
              pressed={liked}
              pending={like.isPending}
              shortcut="like"
              onClick={() => like.mutate({ postId: post._id, like: !liked })}
            >
              <Heart className="size-[18px]" fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
            </PostToggle>
            <Link to={`${postPath}/likes`} className={postCountClass}>
              <span data-testid="like-count">{likeCount}</span>
              <span className="sr-only"> {likeCount === 1 ? 'like' : 'likes'}</span>
            </Link>
          </span>
          <RepostButton post={post} />
          {actions}
        </div>
      </div>
    </article>
  );
}
