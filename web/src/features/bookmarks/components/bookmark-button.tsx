import type { Post } from '@sync/contract';
import { Bookmark } from 'lucide-react';
import { PostToggle } from '../../../components/ui/post-action';
import { useToggleBookmark } from '../api/bookmarks';

/** A post's bookmark toggle, shown among the post card's actions (the app puts it there). */
export function BookmarkButton({ post }: { post: Post }) {
  const bookmark = useToggleBookmark();
  const bookmarked = post.viewer?.bookmarked ?? false;
  return (
    <PostToggle
      label="Bookmark"
      pressed={bookmarked}
      pending={bookmark.isPending}
      shortcut="bookmark"
      onClick={() => bookmark.mutate({ post, bookmark: !bookmarked })}
    >
      <Bookmark className="size-[18px]" fill={bookmarked ? 'currentColor' : 'none'} aria-hidden="true" />
    </PostToggle>
  );
}
