import { hashtagsOf, mentionedUsernames } from '@sync/contract';
import type { Db, Dialect } from '../../data/database.js';
import * as notifications from '../../data/notifications.repo.js';
import * as accounts from '../../data/accounts.repo.js';
import * as entities from '../../data/text-entities.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as comments from '../../data/comments.repo.js';
import { enqueueJob } from '../../data/jobs.repo.js';
import { lockRowsInOrder } from '../../data/row-locks.js';
import { idOfName } from '../../platform/db/ids.js';
import { refuseAcrossBlock } from './blocks-between.js';
import { commit } from './commit.js';
import type { Deps } from './deps.js';

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
 * (returned, for the live events) and none left for a mention edited away, and its tags in their order
 * (a post's or a comment's, docs/decisions/127). Deleting the text needs nothing: the rows reference it
 * with ON DELETE CASCADE.
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
  await recordTags(trx, comment ? { kind: 'comment', id: comment.id } : { kind: 'post', ...post }, written);
  return notified;
}

/** A text's tags in their order; an edit that keeps the same tags in the same order leaves them as they are. */
async function recordTags(trx: Db, text: entities.TaggedText, written: WrittenText): Promise<void> {
  const tags = hashtagsOf(written.text);
  if (written.previousText === undefined) return entities.addTags(trx, text, tags);
  const before = hashtagsOf(written.previousText);
  if (before.length === tags.length && tags.every((tag, position) => before[position] === tag)) return;
  await entities.replaceTags(trx, text, tags);
}

/**
 * Where a run of the tags' backfill is (docs/decisions/127): the texts it walks now, by id, and the last
 * it recorded (null: none yet). Posts come first, then comments. `run` names the run (migration 029's is
 * '029'), so that another run's steps are not taken for its own.
 */
interface TagsBackfillStep {
  run: string;
  texts: 'posts' | 'comments';
  after: string | null;
}

/** How many texts one step of the backfill records, in one transaction. */
const backfillBatch = 500;

/** A backfill step's texts, and where the walk goes on after them (undefined: the batch was the last). */
interface StepTexts {
  texts: { tagged: entities.TaggedText; text: string }[];
  after: string | undefined;
}

/** The ids of a batch, and where the walk goes on after it: its last id if the batch was full. */
const goesOnAfter = (ids: readonly string[]) => (ids.length === backfillBatch ? ids.at(-1) : undefined);

/**
 * The texts a backfill step records, the next batch after its place, as they are now: their posts are
 * locked first (as an edit of the post or of a comment under it locks it before it reads the text), so
 * an edit under way is not undone by tags of the text it replaced.
 */
async function textsOfStep(trx: Db, dialect: Dialect, step: TagsBackfillStep): Promise<StepTexts> {
  if (step.texts === 'posts') {
    const ids = await posts.postIdsAfter(trx, step.after, backfillBatch);
    await lockRowsInOrder(trx, dialect, 'posts', async () => ids);
    const found = await posts.postsByIds(trx, dialect, ids);
    return {
      texts: found.map((post) => ({
        tagged: { kind: 'post', id: post.id, created_at: post.created_at },
        text: post.content,
      })),
      after: goesOnAfter(ids),
    };
  }
  const walked = await comments.commentIdsAfter(trx, step.after, backfillBatch);
  await lockRowsInOrder(trx, dialect, 'posts', async () => walked.map((comment) => comment.post_id));
  const ids = walked.map((comment) => comment.id);
  const found = await comments.commentsByIds(trx, dialect, ids);
  return {
    texts: found.map((comment) => ({ tagged: { kind: 'comment', id: comment.id }, text: comment.text })),
    after: goesOnAfter(ids),
  };
}

/**
 * The handler of a tags backfill job: records the tags of the next texts written before migration 029
 * (replacing what rows they had, so a step run again changes nothing), and queues the next step in the
 * same transaction, under the id of its run and place, so a step that runs twice queues it once. A
 * post's rows gain their positions; a comment gets its rows.
 */
export async function backfillTags(deps: Deps, payload: string): Promise<void> {
  const step: TagsBackfillStep = JSON.parse(payload);
  const at = deps.clock.now().toISOString();
  await commit(deps, async (trx) => {
    const { texts, after } = await textsOfStep(trx, deps.dialect, step);
    for (const { tagged, text } of texts) await entities.replaceTags(trx, tagged, hashtagsOf(text));
    const next: TagsBackfillStep | undefined =
      after !== undefined
        ? { ...step, after }
        : step.texts === 'posts'
          ? { run: step.run, texts: 'comments', after: null }
          : undefined;
    if (!next) return;
    const nextPayload = JSON.stringify(next);
    await enqueueJob(trx, {
      id: idOfName(`${entities.tagsBackfillJob} ${nextPayload}`),
      kind: entities.tagsBackfillJob,
      payload: nextPayload,
      at,
    });
  });
}
