import type { Post, PostSort } from '@sync/contract';
import { useBookmarks } from '../../features/bookmarks';
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
  return (
    <SortablePage title="Bookmarks" sort={sort} onSort={setSort}>
      <PostList
        query={bookmarks}
        label="Bookmarks"
        empty="No bookmarks yet"
        order={sortPosts(sort)}
        actions={postActions}
        menu={postMenu}
      />
    </SortablePage>
  );
}
