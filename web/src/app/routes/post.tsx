import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState, MissingPage } from '../../components/ui/error-state';
import { ListSkeleton } from '../../components/ui/skeleton';
import { Comments } from '../../features/comments';
import { PostCard, usePost } from '../../features/posts';
import { commentPath } from '../../entities/posts';
import { ApiError } from '../../lib/api-client';
import { Columns } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';
import { BackHeader } from '../layout/back-header';
import { postActions, postMenu } from './post-actions';

export default function PostRoute() {
  const { postId = '', commentId } = useParams();
  const [search] = useSearchParams();
  const post = usePost(postId);
  const navigate = useNavigate();
  // A comment's address before it ended with the comment's own id.
  const oldCommentLink = search.get('comment');
  if (oldCommentLink) return <Navigate to={commentPath(postId, oldCommentLink)} replace />;

  let body;
  let title = 'Post';
  if (post.data) {
    title = `Post by ${post.data.firstName} ${post.data.lastName}`;
    body = (
      <>
        <PostCard
          post={post.data}
          actions={postActions(post.data)}
          menu={postMenu(post.data)}
          linked={false}
          onDeleted={() => navigate('/', { replace: true })}
        />
        <Comments postId={post.data._id} postAuthor={post.data.username} shownCommentId={commentId} />
      </>
    );
  } else if (post.isPending) {
    body = <ListSkeleton count={1} label="Loading post" />;
  } else if (post.error instanceof ApiError && post.error.status === 404) {
    title = 'Post not found';
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
    <Columns side={<RecommendedPanel />}>
      <BackHeader title="Post" documentTitle={title} />
      {body}
    </Columns>
  );
}
