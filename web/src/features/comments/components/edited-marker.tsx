import type { Comment } from '@sync/contract';
import { EditedMarker } from '../../../components/edit-history/edited-marker';
import { commentHistory } from '../api/history';

/** "· Edited" with the comment's history, when it was edited. */
export function CommentEditedMarker({ comment, postId }: { comment: Comment; postId: string }) {
  if (!comment.editedAt) return null;
  return (
    <EditedMarker
      editedAt={comment.editedAt}
      history={commentHistory(postId, comment._id, comment.editedAt)}
    />
  );
}
