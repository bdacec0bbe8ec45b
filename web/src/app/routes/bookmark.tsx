import type { Post, PostSort } from '@sync/contract';
import { NoBookmarks, useBookmarks } from '../../features/bookmarks';
import { PostList } from '../../features/posts';
import { postActions, postMenu } from './post-actions';
import { SortablePage, useSort } from './sort-buttons';

/** Bookmarks come newest-bookmarked first; the panel re-sorts what is loaded. */
function sortPosts(sort: PostSort) {
  return (posts: Post[]) =>
    [...posts].sort((a, b) =>
      sort === 'trending' ? b.likes.likeCount - a.likes.likeCount : b.createdAt.localeCompare(a.createdAt),
    );
}

export default function BookmarkRoute() {
  const [sort, setSort] = useSort();
  const bookmarks = useBookmarks();
  // Nothing to sort until there is a bookmark: the buttons show with the first one.
  const any = bookmarks.data?.pages.some((page) => page.posts.length > 0) ?? false;
  return (
    <SortablePage title="Bookmarks" sort={sort} onSort={setSort} sortable={any}>
      <PostList
        query={bookmarks}
        label="Bookmarks"
        empty={<NoBookmarks />}
        order={sortPosts(sort)}
        actions={postActions}
        menu={postMenu}
      />
    </SortablePage>
  );
}
