import { useParams } from 'react-router';
import { PostQuotes } from '../../features/posts';
import { Columns } from '../layout/app-layout';
import { BackHeader } from '../layout/back-header';
import { RecommendedPanel } from '../layout/recommended-panel';
import { postActions, postMenu } from './post-actions';

/** `/post/:postId/quotes`: the posts that quote a post, with Detach for its author (decision 092). */
export default function PostQuotesRoute() {
  const { postId = '' } = useParams();
  return (
    <Columns side={<RecommendedPanel />}>
      <BackHeader title="Quotes" />
      <PostQuotes postId={postId} actions={postActions} menu={postMenu} />
    </Columns>
  );
}
