import type { Post } from '@sync/contract';
import { EditedMarker } from '../../../components/edit-history/edited-marker';
import { postHistory } from '../api/history';

/** "· Edited" with the post's history, when it was edited. */
export function PostEditedMarker({ post }: { post: Post }) {
  if (!post.editedAt) return null;
  return <EditedMarker editedAt={post.editedAt} history={postHistory(post._id, post.editedAt)} />;
}
