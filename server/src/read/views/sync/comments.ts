import type { Comment } from '@sync/contract';
import type { HydratedComment } from '../../hydration/hydrator.js';
import type { SummaryRow } from '../../../data/accounts.repo.js';
import { withOwnEntry } from './own-entries.js';
import { summariesOf } from './summaries.js';
import { filteredField } from './filtered.js';
import { mediaFields } from './media.js';
import { editedAtField } from './edited.js';
import { unresolvedMentionsField } from './mentions.js';

export interface CommentContext {
  people: Map<string, SummaryRow>;
  /** The signed-in viewer and their vote on each comment, so a capped voter list still lists them. */
  viewer?: { id: string; votes: Map<string, 'up' | 'down'> } | undefined;
}

/** The spec's comment, or undefined when its author is gone (deleted meanwhile). */
export function commentView(comment: HydratedComment, context: CommentContext): Comment | undefined {
  const author = context.people.get(comment.record.author_id);
  if (!author) return undefined;
  const vote = context.viewer?.votes.get(comment.record.id);
  const voters = (ids: string[], kind: 'up' | 'down') =>
    summariesOf(withOwnEntry(ids, context.viewer?.id, vote === kind), context.people);
  return {
    _id: comment.record.id,
    text: comment.record.text,
    username: author.username,
    firstName: author.first_name,
    lastName: author.last_name,
    avatarURL: author.avatar_url,
    votes: { upvotedBy: voters(comment.upvoters, 'up'), downvotedBy: voters(comment.downvoters, 'down') },
    createdAt: comment.record.created_at,
    updatedAt: comment.record.updated_at,
    ...filteredField(comment),
    ...mediaFields(comment.media),
    ...editedAtField(comment.record),
    ...unresolvedMentionsField(comment.record.text, comment.mentioned, context.people),
  };
}

export const commentViews = (comments: readonly HydratedComment[], context: CommentContext): Comment[] =>
  comments.flatMap((comment) => commentView(comment, context) ?? []);
