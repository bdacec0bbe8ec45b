import { useParams } from 'react-router';
import { Columns } from '../../components/layout/app-layout';
import { EmptyState, ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useUserPosts } from '../../features/posts/api/posts';
import { PostList } from '../../features/posts/components/post-list';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { RecommendedPeople } from '../../features/users/components/recommended-people';
import { useUser } from '../../features/users/api/users';
import { ApiError } from '../../lib/api-client';

function ProfilePosts({ username }: { username: string }) {
  const posts = useUserPosts(username);
  return (
    <>
      <h2 className="border-b border-zinc-200 px-4 py-3 text-base font-bold dark:border-zinc-800">Posts</h2>
      <PostList query={posts} label={`Posts by @${username}`} empty="No posts yet" />
    </>
  );
}

export default function ProfileRoute() {
  const { username = '' } = useParams();
  const user = useUser(username);

  let body;
  if (user.data) {
    body = (
      <>
        <ProfileHeader user={user.data} />
        <ProfilePosts username={user.data.username} />
      </>
    );
  } else if (user.isPending) {
    body = (
      <div className="space-y-3 px-4 py-6" role="status" aria-label="Loading profile">
        <Skeleton className="size-24 rounded-full" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-32" />
      </div>
    );
  } else if (user.error instanceof ApiError && user.error.status === 404) {
    body = <EmptyState>{user.error.message}</EmptyState>;
  } else {
    body = (
      <ErrorState
        message={user.error?.message ?? 'Something went wrong'}
        onRetry={() => void user.refetch()}
      />
    );
  }

  return <Columns side={<RecommendedPeople />}>{body}</Columns>;
}
