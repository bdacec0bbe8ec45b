import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Columns } from '../../components/layout/app-layout';
import { ErrorState, MissingPage } from '../../components/ui/error-state';
import { ListSkeleton } from '../../components/ui/skeleton';
import { Comments } from '../../features/comments/components/comments';
import { usePost } from '../../features/posts/api/posts';
import { PostCard } from '../../features/posts/components/post-card';
import { RecommendedPeople } from '../../features/users/components/recommended-people';
import { ApiError } from '../../lib/api-client';

export default function PostRoute() {
  const { postId = '' } = useParams();
  const post = usePost(postId);
  const navigate = useNavigate();

  let body;
  if (post.data) {
    body = (
      <>
        <PostCard post={post.data} linked={false} onDeleted={() => navigate('/', { replace: true })} />
        <Comments postId={post.data._id} postAuthor={post.data.username} />
      </>
    );
  } else if (post.isPending) {
    body = <ListSkeleton count={1} label="Loading post" />;
  } else if (post.error instanceof ApiError && post.error.status === 404) {
    body = <MissingPage message="This post seems to be deleted" />;
  } else {
    body = (
      <ErrorState
        message={post.error?.message ?? 'Something went wrong'}
        onRetry={() => void post.refetch()}
      />
    );
  }

  return (
    <Columns side={<RecommendedPeople />}>
      <div className="flex h-14 items-center gap-2 border-b border-zinc-200 px-2 dark:border-zinc-800">
        <button
          type="button"
          aria-label="Back"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 focus-ring dark:hover:bg-zinc-800"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </button>
        <h1 className="text-xl font-bold">Post</h1>
      </div>
      {body}
    </Columns>
  );
}
