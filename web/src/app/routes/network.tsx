import { useFeed, PostList } from '../../features/posts';
import { postActions, postMenu } from './post-actions';
import { SortablePage, useSort } from './sort-buttons';

export default function NetworkRoute() {
  const [sort, setSort] = useSort();
  const feed = useFeed(sort);
  return (
    <SortablePage title="Network" sort={sort} onSort={setSort}>
      <PostList
        query={feed}
        label={sort === 'trending' ? 'Trending posts' : 'Latest posts'}
        empty="No posts yet"
        actions={postActions}
        menu={postMenu}
      />
    </SortablePage>
  );
}
