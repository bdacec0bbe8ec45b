import { Columns, PageHeader } from '../../components/layout/app-layout';
import { useFeed } from '../../features/posts/api/posts';
import { PostList } from '../../features/posts/components/post-list';
import { RecommendedPeople } from '../../features/users/components/recommended-people';
import { SortButtons, SortPanel, useSort } from './sort-buttons';

export default function NetworkRoute() {
  const [sort, setSort] = useSort();
  const feed = useFeed(sort);
  return (
    <Columns
      side={
        <>
          <SortPanel sort={sort} onSort={setSort} />
          <RecommendedPeople />
        </>
      }
    >
      <PageHeader title="Network" />
      <div className="border-b border-zinc-200 px-4 py-3 lg:hidden dark:border-zinc-800">
        <SortButtons sort={sort} onSort={setSort} />
      </div>
      <PostList
        query={feed}
        label={sort === 'trending' ? 'Trending posts' : 'Latest posts'}
        empty="No posts yet"
      />
    </Columns>
  );
}
