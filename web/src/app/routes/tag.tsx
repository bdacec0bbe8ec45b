import { useParams } from 'react-router';
import { PostList, useTagPosts } from '../../features/posts';
import { Columns, PageHeader } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';
import { postActions, postMenu } from './post-actions';

/** `/tag/:tag`: the posts with a tag, newest first. */
export default function TagRoute() {
  const { tag = '' } = useParams();
  const posts = useTagPosts(tag);
  return (
    <Columns side={<RecommendedPanel />}>
      <PageHeader title={`#${tag}`} />
      <PostList
        query={posts}
        label={`Posts tagged #${tag}`}
        empty={`No posts with #${tag} yet.`}
        actions={postActions}
        menu={postMenu}
      />
    </Columns>
  );
}
