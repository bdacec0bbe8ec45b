import { hashtagsOf, mentionedUsernames } from '@sync/contract';
import type { Db } from '../../data/database.js';
import * as notifications from '../../data/notifications.repo.js';
import * as accounts from '../../data/accounts.repo.js';
import * as entities from '../../data/text-entities.repo.js';
import { refuseAcrossBlock } from './blocks-between.js';

/** The text of a post, or of a comment on a post, as it is written (created or edited). */
export interface WrittenText {
  post: { id: string; author_id: string; created_at: string };
  /** Absent for the post's own text. */
  comment?: { id: string; author_id: string } | undefined;
  text: string;
  /** The text an edit replaces; absent for a new text. */
  previousText?: string | undefined;
  at: string;
}

/**
 * Records what a text refers to, in the transaction that writes it: its mentions (of users that
 * exist; an unknown @name stays plain text), a mention notification for each newly mentioned user
 * (returned, for the live events) and none left for a mention edited away, and a post's tags. Deleting the text needs nothing: the
 * rows reference it with ON DELETE CASCADE.
 *
 * The post's author is not notified of a mention in a comment on their post: the comment already
 * notifies them. A new mention of someone across a block with the author is not allowed (NotAllowed).
 */
export async function recordTextEntities(
  trx: Db,
  written: WrittenText,
): Promise<notifications.NotifiedGroup[]> {
  const { post, comment } = written;
  const sourceId = comment?.id ?? post.id;
  const authorId = comment?.author_id ?? post.author_id;
  const usernames = mentionedUsernames(written.text);
  const mentioned =
    usernames.length > 0 ? (await accounts.idsByUsernames(trx, usernames)).map((row) => row.id) : [];
  // Mentions are recorded only for the @names of a text: a replaced text without any had none.
  const before =
    written.previousText !== undefined && mentionedUsernames(written.previousText).length > 0
      ? await entities.mentionedBy(trx, sourceId)
      : [];
  const added = mentioned.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !mentioned.includes(id));
  // A mention made before a block stays when the text is edited; a new one across a block is refused.
  await refuseAcrossBlock(trx, { actorId: authorId, otherIds: added, act: { on: 'mention' } });

  await entities.removeMentions(trx, sourceId, removed);
  await notifications.removeGroups(trx, { type: 'mention', groupKey: sourceId, recipientIds: removed });
  await entities.addMentions(
    trx,
    { sourceId, postId: post.id, commentId: comment?.id, at: written.at },
    added,
  );
  const notified: notifications.NotifiedGroup[] = [];
  for (const recipientId of added) {
    if (comment && recipientId === post.author_id) continue;
    const group = await notifications.addCause(trx, {
      recipientId,
      actorId: authorId,
      type: 'mention',
      groupKey: sourceId,
      postId: post.id,
      commentId: comment?.id,
      at: written.at,
    });
    if (group) notified.push(group);
  }
  if (!comment) await recordPostTags(trx, post, written);
  return notified;
}

/** A post's tags; an edit that keeps the same tags leaves them as they are. */
async function recordPostTags(trx: Db, post: WrittenText['post'], written: WrittenText): Promise<void> {
  const tags = hashtagsOf(written.text);
  if (written.previousText === undefined) return entities.addPostTags(trx, post, tags);
  const before = new Set(hashtagsOf(written.previousText));
  if (before.size === tags.length && tags.every((tag) => before.has(tag))) return;
  await entities.replacePostTags(trx, post, tags);
}
