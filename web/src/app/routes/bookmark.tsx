import type { Post, PostSort } from '@sync/contract';
import { Columns, PageHeader } from '../../components/layout/app-layout';
import { useBookmarks } from '../../features/bookmarks/api/bookmarks';
import { PostList } from '../../features/posts/components/post-list';
import { RecommendedPeople } from '../../features/users/components/recommended-people';
import { SortButtons, SortPanel, useSort } from './sort-buttons';

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
    <Columns
      side={
        <>
          <SortPanel sort={sort} onSort={setSort} />
          <RecommendedPeople />
        </>
      }
    >
      <PageHeader title="Bookmarks" />
      <div className="border-b border-zinc-200 px-4 py-3 lg:hidden dark:border-zinc-800">
        <SortButtons sort={sort} onSort={setSort} />
      </div>
      <PostList query={bookmarks} label="Bookmarks" empty="No bookmarks yet" order={sortPosts(sort)} />
    </Columns>
  );
}
