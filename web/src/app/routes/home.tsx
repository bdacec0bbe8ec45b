import { Columns, PageHeader } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';
import { useFeed, Composer, PostList } from '../../features/posts';

export default function HomeRoute() {
  const feed = useFeed('newest');
  return (
    <Columns side={<RecommendedPanel />}>
      <PageHeader title="Home" />
      <Composer />
      <PostList query={feed} label="Home feed" empty="No posts yet. Share the first one!" />
    </Columns>
  );
}
