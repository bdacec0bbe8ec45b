import { Columns, PageHeader } from '../../components/layout/app-layout';
import { useFeed } from '../../features/posts/api/posts';
import { Composer } from '../../features/posts/components/composer';
import { PostList } from '../../features/posts/components/post-list';
import { RecommendedPeople } from '../../features/users/components/recommended-people';

export default function HomeRoute() {
  const feed = useFeed('newest');
  return (
    <Columns side={<RecommendedPeople />}>
      <PageHeader title="Home" />
      <Composer />
      <PostList query={feed} label="Home feed" empty="No posts yet. Share the first one!" />
    </Columns>
  );
}
